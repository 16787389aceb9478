// scrolltrace — the display link's target and the run-loop observer: Apple platforms only.

// Target-action (`#selector`, `@objc`) and Core Foundation's run-loop observers exist only with the
// Objective-C runtime, so this file is not type-checked on Linux against the stand-in; it only
// forwards, and ScrollViewRecording.swift, which is, does the rest.
#if canImport(UIKit) && canImport(ObjectiveC)
import Foundation
import QuartzCore

/// The display link's target: forwards each callback to a closure (the display link retains its
/// target, which holds nothing back).
@MainActor
final class DisplayLinkProxy: NSObject {
  private let onFrame: (CADisplayLink) -> Void

  private init(onFrame: @escaping (CADisplayLink) -> Void) { self.onFrame = onFrame }

  @objc private func tick(_ link: CADisplayLink) { onFrame(link) }

  /// A display link on the main run loop's common modes (it fires while a scroll view tracks),
  /// calling `onFrame` once per frame.
  static func start(_ onFrame: @escaping (CADisplayLink) -> Void) -> CADisplayLink {
    let link = CADisplayLink(
      target: DisplayLinkProxy(onFrame: onFrame), selector: #selector(tick(_:)))
    link.add(to: .main, forMode: .common)
    return link
  }
}

/// Forwards the main run loop's wake and sleep to the recorder's busy meter.
@MainActor
enum RunLoopBusyObserver {
  private static var observer: CFRunLoopObserver?

  static func start(forwardingTo recorder: TraceRecorder) {
    stop()
    let activities =
      CFRunLoopActivity.afterWaiting.rawValue | CFRunLoopActivity.beforeWaiting.rawValue
    let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 0) { _, activity in
      let now = CACurrentMediaTime()
      if activity == .afterWaiting {
        recorder.runLoopDidWake(at: now)
      } else {
        recorder.runLoopWillSleep(at: now)
      }
    }
    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    self.observer = observer
  }

  static func stop() {
    if let observer { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .commonModes) }
    observer = nil
  }
}
#endif
