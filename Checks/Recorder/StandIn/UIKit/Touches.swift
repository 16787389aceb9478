// Stand-in touches and gesture recognizers: see Foundations.swift.

public import Foundation

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch.
@MainActor
open class UITouch: Hashable {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/phase-swift.enum.
  public enum Phase: Int, Sendable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4
    case regionEntered = 5
    case regionMoved = 6
    case regionExited = 7
  }

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/timestamp.
  open var timestamp: TimeInterval { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/phase-swift.property.
  open var phase: Phase { .began }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/force.
  open var force: CGFloat { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/maximumpossibleforce.
  open var maximumPossibleForce: CGFloat { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/majorradius.
  open var majorRadius: CGFloat { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitouch/location(in:).
  open func location(in view: UIView?) -> CGPoint { .zero }

  // NSObject's identity equality and hashing, which UITouch inherits.
  nonisolated public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uievent.
@MainActor
open class UIEvent {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uievent/coalescedtouches(for:).
  open func coalescedTouches(for touch: UITouch) -> [UITouch]? { nil }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer.
@MainActor
open class UIGestureRecognizer {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum.
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
  }

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/init(target:action:).
  public init(target: Any?, action: Selector?) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property.
  ///
  /// Settable through `UIKit.UIGestureRecognizerSubclass`.
  open var state: State = .possible
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview.
  open var cancelsTouchesInView = true
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan.
  open var delaysTouchesBegan = false
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesended.
  open var delaysTouchesEnded = true
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesbegan(_:with:).
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesmoved(_:with:).
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesended(_:with:).
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchescancelled(_:with:).
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/canprevent(_:).
  open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/canbeprevented(by:).
  open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
