// Recording SwiftUI scrolling (docs/recording.md, "SwiftUI"): two paths.
//
// 1. Where SwiftUI hosts its content in a UIScrollView (`ScrollView`, and `List`, a
//    `UICollectionView` since iOS 16), find that scroll view from inside the content and record it
//    as any other: touches, frames, busy time, everything.
// 2. On iOS 18, `onScrollGeometryChange` reports the geometry without a UIKit view: frames and
//    busy time can be recorded, touches cannot.
//
// Compiled by the apple-platforms workflow on macOS (not run here: Linux has no SwiftUI, and the
// stand-in does not model it).

#if canImport(SwiftUI) && canImport(UIKit) && canImport(ObjectiveC)
import QuartzCore
import ScrollTraceRecorder
import SwiftUI
import TraceCore
import UIKit

// MARK: - Path 1: the UIScrollView under the content

/// Finds the `UIScrollView` that hosts the content it is placed in (a `ScrollView`'s content's
/// background, or a `List` row's) once it is in a window, and hands it over once.
struct EnclosingScrollViewReader: UIViewRepresentable {
  /// Called on the main actor with the scroll view and its window.
  let found: @MainActor (UIScrollView, UIWindow) -> Void

  func makeUIView(context: Context) -> Probe { Probe(found: found) }

  func updateUIView(_ uiView: Probe, context: Context) {}

  /// An invisible view that walks up to its enclosing scroll view when it joins a window.
  final class Probe: UIView {
    private let found: @MainActor (UIScrollView, UIWindow) -> Void
    private var reported = false

    init(found: @escaping @MainActor (UIScrollView, UIWindow) -> Void) {
      self.found = found
      super.init(frame: .zero)
      isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }

    override func didMoveToWindow() {
      super.didMoveToWindow()
      guard !reported, let window else { return }
      var view = superview
      while let current = view, !(current is UIScrollView) { view = current.superview }
      guard let scrollView = view as? UIScrollView else { return }
      reported = true
      found(scrollView, window)
    }
  }
}

/// The feed's rows, the same on both paths.
struct FeedRows: View {
  var body: some View {
    LazyVStack(spacing: 0) {
      ForEach(0..<500, id: \.self) { row in
        Text("Row \(row)").frame(maxWidth: .infinity, minHeight: 88)
      }
    }
  }
}

/// A SwiftUI feed recorded through the scroll view SwiftUI made for it.
struct RecordedFeed: View {
  /// Where the trace goes.
  let path: String
  @State private var recording: ScrollViewRecording?

  var body: some View {
    ScrollView {
      FeedRows()
        .background(
          EnclosingScrollViewReader { scrollView, window in
            guard recording == nil else { return }
            recording = try? startRecording(scrollView, window)
          })
    }
    .onDisappear {
      let recording = recording
      self.recording = nil
      Task { await recording?.stop() }
    }
  }

  private func startRecording(
    _ scrollView: UIScrollView, _ window: UIWindow
  ) throws -> ScrollViewRecording {
    let device = DeviceInfo(
      name: DeviceModel.identifier, screenSize: TraceCore.Size(window.bounds.size),
      scale: Double(window.traitCollection.displayScale), refreshRate: 120,
      touchSampleRate: 240)
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(device: device, metadata: ["screen": "swiftui-feed"]))
    return ScrollViewRecording(recorder: recorder, window: window, scrollView: scrollView)
  }
}

// MARK: - Path 2: scroll geometry without a UIKit view (iOS 18)

/// Records a SwiftUI scroll view's geometry once per displayed frame from
/// `onScrollGeometryChange`, with the main thread's busy time; no touches.
@available(iOS 18, tvOS 18, visionOS 2, *)
@MainActor
final class ScrollGeometryRecording: NSObject {
  private let recorder: TraceRecorder
  private var offset = TraceCore.Point(x: 0, y: 0)
  private var contentSize = TraceCore.Size(width: 0, height: 0)
  private var link: CADisplayLink?
  private var passObserver: RunLoopPassObserver?

  init(recorder: TraceRecorder) {
    self.recorder = recorder
    super.init()
    passObserver = RunLoopPassObserver(
      clock: { CACurrentMediaTime() },
      passBegan: { [recorder] time in recorder.runLoopDidWake(at: time) },
      passFinished: { [recorder] time, sleeping in
        recorder.runLoopDidFinishPass(at: time, sleeping: sleeping)
      })
    let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
    link.add(to: .main, forMode: .common)
    self.link = link
  }

  /// What `onScrollGeometryChange` reported last.
  func update(_ geometry: ScrollGeometry) {
    offset = TraceCore.Point(geometry.contentOffset)
    contentSize = TraceCore.Size(geometry.contentSize)
  }

  @objc private func tick(_ link: CADisplayLink) {
    recorder.recordFrame(
      timestamp: link.timestamp, targetTimestamp: link.targetTimestamp, contentOffset: offset,
      contentSize: contentSize)
  }

  /// Stops the display link and the observers, then the recorder, without blocking.
  func stop() async -> RecordingStatus {
    link?.invalidate()
    link = nil
    passObserver?.invalidate()
    passObserver = nil
    return await recorder.stopped()
  }
}

/// A SwiftUI feed recorded from its scroll geometry.
@available(iOS 18, tvOS 18, visionOS 2, *)
struct GeometryRecordedFeed: View {
  let recording: ScrollGeometryRecording

  var body: some View {
    ScrollView { FeedRows() }
      .onScrollGeometryChange(
        for: ScrollGeometry.self, of: { $0 }, action: { _, geometry in recording.update(geometry) })
  }
}
#endif
