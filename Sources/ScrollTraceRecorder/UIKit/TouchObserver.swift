// scrolltrace — the window's touches, seen by a recognizer that never recognizes.

#if canImport(UIKit)
import TraceCore
import UIKit
#if os(iOS) || os(visionOS)
// The subclass interface (`state`'s setter, the touch methods): a submodule the stand-in
// does not model; the methods below match its declarations.
import UIKit.UIGestureRecognizerSubclass
#endif

/// Sees every touch in the window and forwards each coalesced sample to the recorder; never
/// recognizes, never delays, cancels or prevents anything, so the app behaves as without it.
@MainActor
final class TouchObserver: UIGestureRecognizer {
  private let recorder: TraceRecorder
  private var fingersDown = 0

  init(recorder: TraceRecorder) {
    self.recorder = recorder
    super.init(target: nil, action: nil)
    cancelsTouchesInView = false
    delaysTouchesBegan = false
    delaysTouchesEnded = false
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    fingersDown += touches.count
    forward(touches, event)
  }

  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    forward(touches, event)
  }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    forward(touches, event)
    lift(touches.count)
  }

  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    forward(touches, event)
    lift(touches.count)
  }

  override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

  override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
    false
  }

  /// Every sample since the last event (`coalescedTouches(for:)`), or the touch itself.
  private func forward(_ touches: Set<UITouch>, _ event: UIEvent) {
    for touch in touches {
      let finger = ObjectIdentifier(touch)
      for sample in event.coalescedTouches(for: touch) ?? [touch] {
        guard let phase = TouchSample.Phase(uiTouchPhase: sample.phase.rawValue) else { continue }
        recorder.recordTouch(
          finger, phase: phase, location: Point(sample.location(in: nil)),
          timestamp: sample.timestamp,
          force: TouchSample.measuredForce(
            Double(sample.force), maximumPossible: Double(sample.maximumPossibleForce)),
          majorRadius: Double(sample.majorRadius))
      }
    }
  }

  /// Once every finger is up, the recognizer fails, so that UIKit resets it for the next touch.
  private func lift(_ count: Int) {
    fingersDown = max(0, fingersDown - count)
    if fingersDown == 0 { state = .failed }
  }
}
#endif
