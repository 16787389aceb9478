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

    let screen = window.screen
    let device = DeviceInfo(
      name: UIDevice.current.model, screenSize: Size(screen.bounds.size),
      scale: Double(screen.scale), refreshRate: Double(screen.maximumFramesPerSecond),
      // iPhones sample touches at 120 Hz, ProMotion displays at 240 Hz.
      touchSampleRate: screen.maximumFramesPerSecond > 60 ? 240 : 120)
    let recorder = try TraceRecorder(
      path: path,
      configuration: RecorderConfiguration(device: device, metadata: ["screen": "feed"]))
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

  /// Stops and says what was lost, if anything.
  func stop() {
    guard let status = recording?.stop() else { return }
    recording = nil
    if status.lostEvents > 0 {
      print(
        "scrolltrace: \(status.lostEvents) events not recorded (\(String(describing: status.stopReason)))"
      )
    }
  }
}
#endif
