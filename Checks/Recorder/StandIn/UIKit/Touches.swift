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
///
/// As in UIKit, the members a subclass overrides or sets (the touch methods, `reset()`, the
/// prevention methods and `state`'s setter) are not part of the class's public interface: UIKit
/// declares them in `UIGestureRecognizerSubclass.h`, which a subclass imports as
/// `UIKit.UIGestureRecognizerSubclass`
/// (https://developer.apple.com/documentation/uikit/uigesturerecognizer#Subclassing-notes). Swift
/// cannot declare a submodule, so the stand-in hides them behind the SPI of that name: code that
/// overrides them without importing it fails here as it fails with Apple's SDK.
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
  /// Read-only in UIKit's public interface, settable through `UIKit.UIGestureRecognizerSubclass`;
  /// here all of it is behind the SPI, which is stricter for code that only reads it.
  @_spi(UIGestureRecognizerSubclass) open var state: State = .possible
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview.
  open var cancelsTouchesInView = true
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan.
  open var delaysTouchesBegan = false
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesended.
  open var delaysTouchesEnded = true
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/requiresexclusivetouchtype.
  open var requiresExclusiveTouchType = true
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/numberoftouches
  /// (read-only).
  open var numberOfTouches: Int { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesbegan(_:with:).
  @_spi(UIGestureRecognizerSubclass) open func touchesBegan(
    _ touches: Set<UITouch>, with event: UIEvent
  ) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesmoved(_:with:).
  @_spi(UIGestureRecognizerSubclass) open func touchesMoved(
    _ touches: Set<UITouch>, with event: UIEvent
  ) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchesended(_:with:).
  @_spi(UIGestureRecognizerSubclass) open func touchesEnded(
    _ touches: Set<UITouch>, with event: UIEvent
  ) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/touchescancelled(_:with:).
  @_spi(UIGestureRecognizerSubclass) open func touchesCancelled(
    _ touches: Set<UITouch>, with event: UIEvent
  ) {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/reset().
  @_spi(UIGestureRecognizerSubclass) open func reset() {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/canprevent(_:).
  @_spi(UIGestureRecognizerSubclass) open func canPrevent(
    _ preventedGestureRecognizer: UIGestureRecognizer
  ) -> Bool { true }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uigesturerecognizer/canbeprevented(by:).
  @_spi(UIGestureRecognizerSubclass) open func canBePrevented(
    by preventingGestureRecognizer: UIGestureRecognizer
  ) -> Bool { true }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uipangesturerecognizer.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uipangesturerecognizer/translation(in:).
  open func translation(in view: UIView?) -> CGPoint { .zero }
}
