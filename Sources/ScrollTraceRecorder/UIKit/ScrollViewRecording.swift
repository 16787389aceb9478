// scrolltrace — the UIKit adapter: a window's touches, a display link and a scroll view, forwarded.

#if canImport(UIKit)
public import Foundation
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
/// let status = await recording.stop()
/// ```
///
/// It adds a gesture recognizer to the window that never recognizes and never delays or cancels
/// a touch (no window subclass), a display link on the main run loop asking for the display's
/// fastest rate, two run-loop observers of its own for the main thread's busy time (so that two
/// recordings at once keep theirs apart), and observers of the app's lifecycle: it flushes when
/// the app resigns active, flushes inside a background task when it enters the background, and
/// stops when it terminates. A recording released without `stop()` removes all of it
/// (``RecordingTeardown``). Main actor only, as UIKit is.
@MainActor
public final class ScrollViewRecording {
  /// The recorder everything is forwarded to.
  public let recorder: TraceRecorder
  /// The scroll view whose offset and size each frame records.
  public private(set) weak var scrollView: UIScrollView?
  private let teardown: RecordingTeardown
  /// What the recording installed, while it is installed: for the tests, which see it go.
  weak var installation: RecordingInstallation?

  /// Starts recording `scrollView` and the touches of `window`.
  public init(recorder: TraceRecorder, window: UIWindow, scrollView: UIScrollView) {
    self.recorder = recorder
    self.scrollView = scrollView
    let installation = RecordingInstallation(
      recorder: recorder, window: window, scrollView: scrollView)
    teardown = RecordingTeardown { MainActor.assumeIsolated { installation.remove() } }
    self.installation = installation
    installation.install()
  }

  /// Announces a size change before it happens, with its animation's duration: call it from the
  /// view controller's `viewWillTransition(to:with:)`.
  ///
  /// The first frame laid out at the new size records it, with the safe area UIKit gives then
  /// (``TraceRecorder/recordTransition(to:duration:)``).
  ///
  /// - Parameters:
  ///   - size: the scroll view's new bounds size, in points.
  ///   - coordinator: the transition's coordinator; its `transitionDuration` is recorded.
  public func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    recorder.recordTransition(to: Size(size), duration: coordinator.transitionDuration)
  }

  /// Stops: removes the recognizer, the display link and the observers at once, then stops the
  /// recorder (which writes what waits and the index, and closes the file) without blocking the
  /// main thread.
  ///
  /// - Returns: the recording's final status, once the file is closed.
  @discardableResult
  public func stop() async -> RecordingStatus {
    teardown.run()
    return await recorder.stopped()
  }

  /// Stops as ``stop()`` does, calling `completion` with the final status on the recorder's
  /// queue once the file is closed.
  public func stop(completion: @escaping @Sendable (RecordingStatus) -> Void) {
    teardown.run()
    recorder.stop(completion: completion)
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
        uiKitRawValue: scrollView.contentInsetAdjustmentBehavior.rawValue),
      adjustedContentInset: EdgeInsets(scrollView.adjustedContentInset),
      frameInWindow: Rect(scrollView.convert(scrollView.bounds, to: nil)))
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
