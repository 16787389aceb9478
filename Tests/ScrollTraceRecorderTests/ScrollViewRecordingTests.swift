// The UIKit adapter itself, where a UIKit exists: on Linux, the stand-in in Checks/Recorder
// (scripts/check-recorder), whose views keep their gesture recognizers. The main package has no
// UIKit, and skips this file. XCTest rather than Swift Testing: Swift Testing's UIKit overlay
// (`_Testing_UIKit`) exists only beside Apple's UIKit.

#if canImport(UIKit)
import Foundation
import UIKit
import XCTest

@testable import ScrollTraceRecorder
@testable import TraceCore

/// XCTest runs each test on the main thread, where the main actor is; Linux's test discovery
/// does not take a main-actor test class, so each test enters the main actor itself.
final class ScrollViewRecordingTests: XCTestCase {
  /// A recording released without `stop()` takes its recognizer out of the window, its observers
  /// off the run loop and its display link away: what it installed is gone with it.
  func testARecordingDroppedWithoutStopLeavesNothingRunning() throws {
    XCTAssertTrue(Thread.isMainThread, "the teardown runs at once on the main thread")
    let recorder = try TraceRecorder(
      path: try temporaryTrace(), configuration: RecorderConfiguration(device: testDevice))
    MainActor.assumeIsolated {
      let window = UIWindow()
      weak var installation: RecordingInstallation?
      do {
        let recording = ScrollViewRecording(
          recorder: recorder, window: window, scrollView: UIScrollView())
        installation = recording.installation
        XCTAssertEqual(window.gestureRecognizers?.count, 1)
        XCTAssertEqual(installation?.isObservingRunLoop, true)
      }
      XCTAssertEqual(window.gestureRecognizers?.isEmpty, true, "the recognizer left the window")
      XCTAssertNil(installation, "observers and display link released with what installed them")
    }
    XCTAssertTrue(recorder.isRecording, "the recorder is the app's: stopping it is the app's call")
  }

  /// Two recordings at once, each with its own observers; stopping one leaves the other's, and
  /// its status arrives without the main thread waiting for it.
  func testTwoRecordingsKeepTheirOwnObservers() throws {
    let recorders = try (0..<2).map { _ in
      try TraceRecorder(
        path: try temporaryTrace(), configuration: RecorderConfiguration(device: testDevice))
    }
    let stopped = expectation(description: "the first recording's final status")
    MainActor.assumeIsolated {
      let window = UIWindow()
      let recordings = recorders.map {
        ScrollViewRecording(recorder: $0, window: window, scrollView: UIScrollView())
      }
      XCTAssertEqual(window.gestureRecognizers?.count, 2)
      recordings[0].stop { status in
        XCTAssertEqual(status.stopReason, .stopped)
        stopped.fulfill()
      }
      XCTAssertNil(recordings[0].installation, "removed at once, before the file is closed")
      XCTAssertEqual(recordings[1].installation?.isObservingRunLoop, true)
      XCTAssertEqual(window.gestureRecognizers?.count, 1)
    }
    wait(for: [stopped], timeout: 10)
    XCTAssertTrue(recorders[1].isRecording)
  }
}
#endif
