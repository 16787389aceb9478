// scrolltrace — the window's touches, seen by a recognizer that never recognizes.

#if canImport(UIKit)
import TraceCore
import UIKit
#if os(iOS) || os(tvOS) || os(visionOS)
// The subclass interface (the touch methods, `reset()`, the prevention methods, `state`'s setter),
// on every platform that has UIKit: UIKit declares it in UIGestureRecognizerSubclass.h
// (https://developer.apple.com/documentation/uikit/uigesturerecognizer#Subclassing-notes).
import UIKit.UIGestureRecognizerSubclass
#else
// The Linux stand-in's spelling of the same import (Checks/Recorder/StandIn/UIKit/Touches.swift):
// without it the overrides below do not build there either.
@_spi(UIGestureRecognizerSubclass) import UIKit
#endif

/// Sees every touch in the window and forwards each coalesced sample to the recorder; never
/// recognizes, never delays, cancels or prevents anything, so the app behaves as without it.
///
/// It keeps UIKit's contract for a subclass: each override calls `super`, touches are tracked by
/// identity (``ActiveTouches``) and forgotten in `reset()`, and it fails once the last touch it
/// saw ends, so that UIKit resets it for the next sequence. It accepts a finger and a Pencil at
/// once: `requiresExclusiveTouchType` is off, where UIKit's default makes a recognizer ignore
/// touches of another type once it has one (documented,
/// https://developer.apple.com/documentation/uikit/uigesturerecognizer/requiresexclusivetouchtype).
@MainActor
final class TouchObserver: UIGestureRecognizer {
  private let recorder: TraceRecorder
  private var active = ActiveTouches()

  init(recorder: TraceRecorder) {
    self.recorder = recorder
    super.init(target: nil, action: nil)
    cancelsTouchesInView = false
    delaysTouchesBegan = false
    delaysTouchesEnded = false
    requiresExclusiveTouchType = false
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesBegan(touches, with: event)
    active.began(touches.map(ObjectIdentifier.init))
    forward(touches, event)
  }

  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesMoved(touches, with: event)
    forward(touches, event)
  }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesEnded(touches, with: event)
    forward(touches, event)
    lift(touches)
  }

  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesCancelled(touches, with: event)
    forward(touches, event)
    lift(touches)
  }

  override func reset() {
    super.reset()
    active.reset()
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

  /// Once the last touch seen is up, the recognizer fails, so that UIKit resets it.
  private func lift(_ touches: Set<UITouch>) {
    if active.ended(touches.map(ObjectIdentifier.init)) { state = .failed }
  }
}
#endif
