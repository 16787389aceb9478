// An app's glue for the recorder (docs/recording.md): start recording a feed at launch, stop when
// the feed goes away. Type-checked on Linux against the stand-in (Checks/Recorder); built for real
// only in an app.

#if canImport(UIKit)
import Foundation
import ScrollTraceRecorder
import TraceCore
import UIKit

/// Records the app's feed while it is on screen.
@MainActor
final class FeedRecording {
  private var recording: ScrollViewRecording?

  /// Starts recording `feed`, a collection view with a flow layout, into
  /// `Documents/scrolltrace/<date>.sctrace`; returns the file's path.
  ///
  /// - Throws: when the file cannot be created: the only error, before anything is recorded.
  @discardableResult
  func start(window: UIWindow, feed: UICollectionView) throws -> String {
    let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
      .appendingPathComponent("scrolltrace", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("\(Int(Date().timeIntervalSince1970)).sctrace").path

    #if os(visionOS)
    // visionOS has no UIScreen: the window's own size and scale, and the display's 90 Hz.
    let (screenSize, scale, maximumFramesPerSecond) = (
      Size(window.bounds.size), Double(window.traitCollection.displayScale), 90
    )
    #else
    let screen = window.screen
    let (screenSize, scale, maximumFramesPerSecond) = (
      Size(screen.bounds.size), Double(screen.scale), screen.maximumFramesPerSecond
    )
    #endif
    let device = DeviceInfo(
      // The model identifier ("iPhone15,2"), not UIDevice's "iPhone": a cost model per device.
      name: DeviceModel.identifier, screenSize: screenSize, scale: scale,
      refreshRate: Double(maximumFramesPerSecond),
      // iPhones sample touches at 120 Hz, ProMotion displays at 240 Hz.
      touchSampleRate: maximumFramesPerSecond > 60 ? 240 : 120)
    // Whether the app lets the display link run past 60 Hz on an iPhone (docs/recording.md).
    var metadata = DisplayCadence.metadata(
      infoDictionary: Bundle.main.infoDictionary, maximumFramesPerSecond: maximumFramesPerSecond)
    metadata["screen"] = "feed"
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(device: device, metadata: metadata))
    recorder.recordScene(
      SceneLines.scene(of: feed) { indexPath in
        indexPath.item % 5 == 0 ? "photo" : "text"
      })
    recording = ScrollViewRecording(recorder: recorder, window: window, scrollView: feed)
    return path
  }

  /// Forwards a rotation or a window resize, with its animation's duration.
  func viewWillTransition(
    to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
  ) {
    recording?.viewWillTransition(to: size, with: coordinator)
  }

  /// Stops without blocking the main thread, and says what was lost, if anything.
  func stop() async {
    guard let recording else { return }
    self.recording = nil
    let status = await recording.stop()
    if status.lostEvents > 0 {
      print(
        "scrolltrace: \(status.lostEvents) events not recorded (\(String(describing: status.stopReason)))"
      )
    }
  }
}
#endif
