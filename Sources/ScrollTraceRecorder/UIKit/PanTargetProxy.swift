// scrolltrace — a target of the scroll view's own pan: Apple platforms only.

// Target-action (`#selector`, `@objc`) exists only with the Objective-C runtime, so this file is
// not type-checked on Linux against the stand-in; it only forwards.
#if canImport(UIKit) && canImport(ObjectiveC) && !os(tvOS)
import Foundation
import UIKit

/// A target of a scroll view's `panGestureRecognizer`: forwards each action, with the
/// recognizer's state, to a closure, and removes itself from the recognizer when detached.
///
/// Adding a target to the scroll view's recognizer is what its documentation offers
/// (`addTarget(_:action:)`); the recorder neither sets its delegate nor changes it.
@MainActor
final class PanTargetProxy: NSObject {
  private weak var recognizer: UIPanGestureRecognizer?
  private let onAction: (UIPanGestureRecognizer, Int) -> Void

  /// Becomes a target of `recognizer`, calling `onAction` with it and its state's raw value.
  init(
    _ recognizer: UIPanGestureRecognizer,
    onAction: @escaping (UIPanGestureRecognizer, Int) -> Void
  ) {
    self.recognizer = recognizer
    self.onAction = onAction
    super.init()
    recognizer.addTarget(self, action: #selector(action(_:)))
  }

  @objc private func action(_ recognizer: UIPanGestureRecognizer) {
    onAction(recognizer, recognizer.state.rawValue)
  }

  /// Stops being a target.
  func detach() {
    recognizer?.removeTarget(self, action: #selector(action(_:)))
    recognizer = nil
  }
}
#endif
