// scrolltrace — what a recording puts into the app, and takes out again.

#if canImport(UIKit)
import Foundation
import QuartzCore
import TraceCore
import UIKit

/// Everything a ``ScrollViewRecording`` adds to the app.
///
/// The window's gesture recognizer, the display link, the run loop's observers and the
/// notification observers. Each only forwards to
/// the recorder. ``remove()`` takes them all out; the recording's ``RecordingTeardown`` calls it
/// once, at `stop()` or when the recording is released.
@MainActor
final class RecordingInstallation {
  private let recorder: TraceRecorder
  private weak var window: UIWindow?
  private weak var scrollView: UIScrollView?
  private let touchObserver: TouchObserver
  private var displayLink: CADisplayLink?
  private var passObserver: RunLoopPassObserver?
  private var notificationObservers: [any NSObjectProtocol] = []
  private var backgroundTasks: Set<UIBackgroundTaskIdentifier> = []
  #if !os(tvOS)
  /// Which of the scroll view's pans no finger makes (a trackpad, a mouse wheel).
  private var scrollInputs = ScrollInputPhases()
  #endif
  #if canImport(ObjectiveC) && !os(tvOS)
  private var panTarget: PanTargetProxy?
  #endif

  init(recorder: TraceRecorder, window: UIWindow, scrollView: UIScrollView) {
    self.recorder = recorder
    self.window = window
    self.scrollView = scrollView
    touchObserver = TouchObserver(recorder: recorder)
  }

  /// Adds the recognizer, the observers and the display link.
  func install() {
    window?.addGestureRecognizer(touchObserver)
    let lifecycle: [(Notification.Name, AppLifecycleEvent)] = [
      (UIApplication.willResignActiveNotification, .willResignActive),
      (UIScene.willDeactivateNotification, .willResignActive),
      (UIApplication.didEnterBackgroundNotification, .didEnterBackground),
      (UIScene.didEnterBackgroundNotification, .didEnterBackground),
      (UIApplication.willTerminateNotification, .willTerminate),
    ]
    for (name, event) in lifecycle {
      observe(name) { installation, _ in installation.handle(event) }
    }
    #if os(iOS)
    // The keyboard covers a scroll view on iPhone and iPad only (tvOS has no such notification,
    // visionOS's keyboard is a window of its own).
    observe(UIResponder.keyboardWillChangeFrameNotification) { installation, info in
      installation.keyboardWillChangeFrame(info)
    }
    #endif
    passObserver = RunLoopPassObserver(
      clock: { CACurrentMediaTime() },
      passBegan: { [recorder] time in recorder.runLoopDidWake(at: time) },
      passFinished: { [weak self] time, sleeping in
        MainActor.assumeIsolated { self?.passFinished(at: time, sleeping: sleeping) }
      })
    #if canImport(ObjectiveC) && !os(tvOS)
    // A trackpad's or a mouse wheel's scroll moves the scroll view through its own pan with no
    // touch (allowedScrollTypesMask, iOS 13.4 and visionOS; not tvOS): PanTargetProxy.swift.
    if let pan = scrollView?.panGestureRecognizer {
      panTarget = PanTargetProxy(pan) { [weak self] pan, state in
        self?.scrollViewDidPan(pan, stateRawValue: state)
      }
    }
    #endif
    #if canImport(ObjectiveC)
    // The display link's target-action needs the Objective-C runtime: DisplayLinkProxy.swift,
    // which only Apple platforms compile.
    displayLink = DisplayLinkProxy.start(range: preferredFrameRateRange) { [weak self] link in
      guard let self else { return false }
      self.displayLinkFired(link)
      return true
    }
    #endif
  }

  /// Whether the run loop's observers are installed.
  var isObservingRunLoop: Bool { passObserver?.isObserving ?? false }

  /// Removes everything ``install()`` added; what ``RecordingTeardown`` runs, once.
  func remove() {
    displayLink?.invalidate()
    displayLink = nil
    passObserver?.invalidate()
    passObserver = nil
    window?.removeGestureRecognizer(touchObserver)
    #if canImport(ObjectiveC) && !os(tvOS)
    panTarget?.detach()
    panTarget = nil
    #endif
    for observer in notificationObservers { NotificationCenter.default.removeObserver(observer) }
    notificationObservers = []
  }

  /// The frame-rate range the display link asks for: the screen's fastest.
  private var preferredFrameRateRange: (minimum: Float, maximum: Float, preferred: Float)? {
    #if os(visionOS)
    return nil
    #else
    guard let screen = window?.screen else { return nil }
    return DisplayCadence.preferredFrameRateRange(
      maximumFramesPerSecond: screen.maximumFramesPerSecond)
    #endif
  }

  /// Calls `body` on the main actor for each notification named `name`.
  private func observe(
    _ name: Notification.Name,
    _ body: @escaping @MainActor (RecordingInstallation, [AnyHashable: Any]?) -> Void
  ) {
    notificationObservers.append(
      NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) {
        [weak self] notification in
        // Delivered on the main queue (`queue: .main`), where the main actor runs: the dictionary
        // never leaves the thread it was read on.
        nonisolated(unsafe) let info = notification.userInfo
        MainActor.assumeIsolated {
          guard let self else { return }
          body(self, info)
        }
      })
  }

  /// Records one displayed frame: the display link's times and the scroll view's geometry at the
  /// callback; the observation waits for the end of the run loop's pass.
  func displayLinkFired(_ link: CADisplayLink) {
    guard let scrollView else { return }
    recorder.recordFrame(
      timestamp: link.timestamp, targetTimestamp: link.targetTimestamp,
      geometry: ScrollViewGeometry(scrollView))
  }

  #if !os(tvOS)
  /// Records a step of the scroll view's pan when no finger makes it: a trackpad's or a mouse
  /// wheel's scroll (``ScrollInputPhases``).
  ///
  /// UIKit's pan does not say which of the two, so the step is recorded as a trackpad's.
  func scrollViewDidPan(_ pan: UIPanGestureRecognizer, stateRawValue: Int) {
    guard let scrollView else { return }
    if let input = scrollInputs.step(
      stateRawValue: stateRawValue, numberOfTouches: pan.numberOfTouches,
      translation: Point(pan.translation(in: scrollView)))
    {
      recorder.recordScroll(input)
    }
  }
  #endif

  /// The run loop's pass ended, after the commit: an open frame takes the geometry committed.
  func passFinished(at time: Double, sleeping: Bool) {
    let geometry = recorder.hasOpenFrame ? scrollView.map(ScrollViewGeometry.init) : nil
    recorder.runLoopDidFinishPass(at: time, sleeping: sleeping, geometry: geometry)
  }

  /// Does what ``AppLifecycleEvent/action`` says for `event`.
  func handle(_ event: AppLifecycleEvent) {
    switch event.action {
    case .flush:
      recorder.flush()
    case .flushInBackgroundTask:
      let application = UIApplication.shared
      let task = application.beginBackgroundTask(withName: "scrolltrace flush") { [weak self] in
        // UIKit calls the expiration handler on the main thread (documented: "The system calls
        // the handler synchronously on the main thread", beginBackgroundTask's documentation).
        MainActor.assumeIsolated { self?.endBackgroundTask(nil) }
      }
      guard task != .invalid else { return recorder.flush() }
      backgroundTasks.insert(task)
      recorder.flush { [weak self] in
        Task { @MainActor in self?.endBackgroundTask(task) }
      }
    case .stopAndWait:
      recorder.stop()
    }
  }

  /// Ends `task` once, or every task still running when the system's time is up (`nil`).
  private func endBackgroundTask(_ task: UIBackgroundTaskIdentifier?) {
    let ending = task.map { backgroundTasks.contains($0) ? [$0] : [] } ?? Array(backgroundTasks)
    for task in ending {
      backgroundTasks.remove(task)
      UIApplication.shared.endBackgroundTask(task)
    }
  }

  #if os(iOS)
  /// Records the keyboard's end frame (screen coordinates) as it covers the scroll view.
  private func keyboardWillChangeFrame(_ info: [AnyHashable: Any]?) {
    let end = (info?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
    let duration =
      (info?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0
    let curve = (info?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue
    guard let scrollView, let end, let screen = scrollView.window?.screen else { return }
    let frame = scrollView.convert(end, from: screen.coordinateSpace)
    recorder.recordKeyboard(
      KeyboardChange(
        keyboardMinY: Double(frame.minY), scrollViewMaxY: Double(scrollView.bounds.maxY),
        duration: duration, curve: curve ?? Int(KeyboardChange.Curve.keyboard.rawValue)))
  }
  #endif
}
#endif
