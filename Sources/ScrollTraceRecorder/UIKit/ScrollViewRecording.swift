// scrolltrace — the UIKit adapter: a window's touches, a display link and a scroll view, forwarded.

#if canImport(UIKit)
public import Foundation
import QuartzCore
public import TraceCore
public import UIKit

/// Records one scroll view in a running app: the window's touches, one observation per displayed
/// frame, the scroll view's size changes and the keyboard's frame over it, all forwarded to a
/// ``TraceRecorder``, which decides and writes everything.
///
/// ```swift
/// let recorder = try TraceRecorder(path: path, configuration: configuration)
/// let recording = ScrollViewRecording(recorder: recorder, window: window, scrollView: feed)
/// // …
/// recording.stop()
/// ```
///
/// It adds a gesture recognizer to the window that never recognizes and never delays or cancels
/// a touch (no window subclass), a display link on the main run loop, and a run-loop observer
/// for the main thread's busy time. Main actor only, as UIKit is.
@MainActor
public final class ScrollViewRecording {
  /// The recorder everything is forwarded to.
  public let recorder: TraceRecorder
  /// The scroll view whose offset and size each frame records.
  public private(set) weak var scrollView: UIScrollView?
  private weak var window: UIWindow?
  private let touchObserver: TouchObserver
  private var displayLink: CADisplayLink?
  private var observers: [any NSObjectProtocol] = []

  /// Starts recording `scrollView` and the touches of `window`.
  public init(recorder: TraceRecorder, window: UIWindow, scrollView: UIScrollView) {
    self.recorder = recorder
    self.window = window
    self.scrollView = scrollView
    touchObserver = TouchObserver(recorder: recorder)
    window.addGestureRecognizer(touchObserver)
    observers.append(
      NotificationCenter.default.addObserver(
        forName: UIApplication.willResignActiveNotification, object: nil, queue: nil
      ) { [recorder] _ in recorder.flush() })
    observers.append(
      NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
      ) { [weak self] notification in
        // The values read here, on the main queue; the scroll view is read on the main actor.
        let info = notification.userInfo
        let end = (info?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
        let duration =
          (info?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0
        let curve = (info?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue
        MainActor.assumeIsolated {
          self?.keyboardWillChangeFrame(to: end, duration: duration, curve: curve)
        }
      })
    #if canImport(ObjectiveC)
    // The display link's target-action and the run-loop observer need the Objective-C runtime
    // and Core Foundation: they live in DisplayLinkProxy.swift, which only Apple platforms
    // compile.
    displayLink = DisplayLinkProxy.start { [weak self] link in self?.displayLinkFired(link) }
    RunLoopBusyObserver.start(forwardingTo: recorder)
    #endif
  }

  /// Records one displayed frame: the display link's times and the scroll view's geometry.
  func displayLinkFired(_ link: CADisplayLink) {
    guard let scrollView else { return }
    recorder.recordFrame(
      timestamp: link.timestamp, targetTimestamp: link.targetTimestamp,
      geometry: ScrollViewGeometry(scrollView))
  }

  /// Records the keyboard's end frame `end` (screen coordinates) as it covers the scroll view.
  func keyboardWillChangeFrame(to end: CGRect?, duration: TimeInterval, curve: Int?) {
    guard let scrollView, let end, let screen = scrollView.window?.screen else { return }
    let frame = scrollView.convert(end, from: screen.coordinateSpace)
    recorder.recordKeyboard(
      KeyboardChange(
        keyboardMinY: Double(frame.minY), scrollViewMaxY: Double(scrollView.bounds.maxY),
        duration: duration, curve: curve ?? Int(KeyboardChange.Curve.keyboard.rawValue)))
  }

  /// Records a size change before it happens, with its animation's duration: call it from the
  /// view controller's `viewWillTransition(to:with:)`.
  ///
  /// - Parameters:
  ///   - size: the scroll view's new bounds size, in points.
  ///   - coordinator: the transition's coordinator; its `transitionDuration` is recorded.
  public func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    let insets = scrollView.map { EdgeInsets($0.safeAreaInsets) } ?? .zero
    recorder.recordViewport(
      ViewportChange(
        size: Size(size), safeAreaInsets: insets,
        transitionDuration: RecorderClock.nanoseconds(coordinator.transitionDuration) ?? 0))
  }

  /// Stops: removes the recognizer, the display link and the observers, and stops the recorder
  /// (which writes the index and closes the file).
  @discardableResult
  public func stop() -> RecordingStatus {
    displayLink?.invalidate()
    displayLink = nil
    window?.removeGestureRecognizer(touchObserver)
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
    #if canImport(ObjectiveC)
    RunLoopBusyObserver.stop()
    #endif
    return recorder.stop()
  }
}

extension ScrollViewGeometry {
  /// The geometry of `scrollView` now.
  @MainActor
  public init(_ scrollView: UIScrollView) {
    self.init(
      contentOffset: Point(scrollView.contentOffset), boundsSize: Size(scrollView.bounds.size),
      safeAreaInsets: EdgeInsets(scrollView.safeAreaInsets),
      contentSize: Size(scrollView.contentSize),
      contentInset: EdgeInsets(scrollView.contentInset),
      adjustmentBehavior: ContentInsetAdjustmentBehavior(
        uiKitRawValue: scrollView.contentInsetAdjustmentBehavior.rawValue))
  }
}

extension EdgeInsets {
  /// The insets `insets`, in points.
  public init(_ insets: UIEdgeInsets) {
    self.init(
      top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
      right: Double(insets.right))
  }
}
#endif
