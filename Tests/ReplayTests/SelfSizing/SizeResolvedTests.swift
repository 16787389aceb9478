// scrolltrace — a size the device resolved (format 1.9) replayed as the device sized the item.

import Replay
import Testing
import TraceCore
import TraceIngest

/// Sizes a device resolved, replayed against scenes that knew every length from the start.
///
/// A recording's scene cannot know the length of a row the device has not displayed: it holds the
/// estimate, and the recorder writes the size when the device resolves it
/// (`SceneEdit.sizeResolved`).
@Suite struct SizeResolvedTests {
  /// The frames of `steps` on `scene` (a list's JSON), replayed on `magazine@4` at 120 Hz.
  static func frames(scene: String, steps: String) throws -> [ReplayFrame] {
    let json = """
      {
        "device": { "screen": [390, 844], "scale": 3, "refreshRate": 120, "touchRate": 120 },
        "seed": 5, "jitter": { "position": 0.3, "timing": 0.0005 },
        "viewport": { "size": [390, 844], "safeArea": { "top": 47, "bottom": 34 } },
        "scene": { "list": \(scene), "axis": "vertical" },
        "steps": \(steps)
      }
      """
    let synthesizer = Synthesizer(script: try GestureScript.decode(json: Array(json.utf8)))
    let events = try synthesizer.events()
    var session = ReplaySession(
      header: synthesizer.header, engine: SelfSizingEngine(policy: MagazineLayoutPolicy(version: 4))
    )
    var schedule = FrameSchedule(
      events: events.makeIterator(), refreshRate: synthesizer.header.device.refreshRate,
      trailingFrames: 2)
    var frames: [ReplayFrame] = []
    while let step = schedule.next() {
      if let frame = try session.step(step) { frames.append(frame) }
    }
    return frames
  }

  /// Two flings down a list, each to rest (the marker keeps the trace going until then): the
  /// second reaches rows the first did not.
  static let flingsDown = """
    { "fling": { "from": [195, 700], "velocity": [0, -5000], "duration": 0.08 } }, { "wait": 2 },
    { "fling": { "from": [195, 700], "velocity": [0, -5000], "duration": 0.08 } }, { "wait": 2 },
    { "marker": "at rest" }
    """

  /// Sizes resolved before the replay displays their rows give the replay of a scene that held
  /// the lengths from the start, frame for frame; without them, the rows stay at their estimate
  /// and the replay is another.
  @Test func sizesResolvedAheadReplayAsKnownLengths() throws {
    let known = #"[{ "length": 300, "estimate": 100, "reuse": "row", "repeat": 30 }]"#
    let recorded =
      #"[{ "length": 300, "estimate": 100, "reuse": "row", "repeat": 10 }, { "length": 100, "estimate": 100, "reuse": "row", "repeat": 20 }]"#
    let resolutions = (10..<30).map { #"{ "sizeResolved": { "index": \#($0), "length": 300 } }"# }
    let expected = try Self.frames(scene: known, steps: "[\(Self.flingsDown)]")
    let replayed = try Self.frames(
      scene: recorded, steps: "[" + resolutions.joined(separator: ", ") + ", \(Self.flingsDown)]")
    #expect(expected.count == replayed.count)
    #expect(expected.map(\.contentOffset) == replayed.map(\.contentOffset))
    #expect(expected.map(\.contentSize) == replayed.map(\.contentSize))
    let sizedPast10 = try #require(expected.last?.contentSize.height) - (10 * 300 + 20 * 100)
    #expect(sizedPast10 >= 5 * 200, "the flings size rows the scene did not know")
    let unresolved = try Self.frames(scene: recorded, steps: "[\(Self.flingsDown)]")
    #expect(abs(try #require(unresolved.last).contentSize.height - (10 * 300 + 20 * 100)) < 1e-9)
    #expect(unresolved.map(\.contentOffset) != expected.map(\.contentOffset))
  }

  /// A size resolved for a row the replay has sized already changes it through the layout's
  /// self-sizing path, and the frame names it as the layout's sizing (`sizeResolved`), not as an
  /// edit of the scene; the row keeps its estimate, which `reloadData` returns it to.
  @Test func aSizeResolvedLaterIsTheLayoutsSizing() throws {
    let scene = #"[{ "length": 100, "estimate": 100, "reuse": "row", "repeat": 40 }]"#
    let steps = """
      [{ "wait": 0.1 }, { "scrollTo": { "offset": [0, 1500], "animated": false } }, { "wait": 0.1 },
       { "sizeResolved": { "index": 3, "length": 250 } }, { "wait": 0.1 }]
      """
    let frames = try Self.frames(scene: scene, steps: steps)
    let resolved = try #require(frames.first { $0.events.contains(.sizeResolved) })
    #expect(!resolved.events.contains(.sceneEdit))
    #expect(abs(resolved.contentSize.height - (40 * 100 + 150)) < 1e-9)
    #expect(abs(try #require(frames.last).contentSize.height - (40 * 100 + 150)) < 1e-9)
    // magazine@4 keeps what is on screen where it was: the row above moved the offset with it.
    let before = try #require(frames.last { $0.index < resolved.index })
    #expect(abs(resolved.contentOffset.y - before.contentOffset.y - 150) < 1e-9)

    let unsized = try Self.frames(
      scene: scene,
      steps: """
        [{ "scrollTo": { "offset": [0, 1500], "animated": false } }, { "wait": 0.1 },
         { "sizeResolved": { "index": 3, "length": 250 } }, { "wait": 0.1 }]
        """)
    #expect(
      abs(try #require(unsized.last).contentSize.height - 40 * 100) < 1e-9,
      "a row the replay has not displayed keeps its estimate until it is")

    let reloaded = try Self.frames(
      scene: scene,
      steps: """
        [{ "wait": 0.1 }, { "scrollTo": { "offset": [0, 1500], "animated": false } },
         { "wait": 0.1 }, { "sizeResolved": { "index": 3, "length": 250 } }, { "wait": 0.1 },
         { "reloadData": {} }, { "wait": 0.1 }]
        """)
    // reloadData lays row 3 out at its estimate again, then sizes it at the length it resolved to
    // only if it is displayed: it is above the viewport, so the content is back to 40 × 100.
    #expect(abs(try #require(reloaded.last).contentSize.height - 40 * 100) < 1e-9)
  }

  /// The step writes the edit of format 1.9, and a script with one makes a 1.9 trace.
  @Test func theStepIsFormat19() throws {
    let script = try GestureScript.decode(
      json: Array(
        #"{ "device": { "screen": [390, 844], "scale": 3, "refreshRate": 120 }, "viewport": { "size": [390, 844] }, "scene": { "list": [{ "length": 50, "repeat": 4 }] }, "steps": [{ "sizeResolved": { "index": 2, "length": 80 } }] }"#
          .utf8))
    #expect(script.steps == [.edit(.sizeResolved(section: 0, index: 2, length: 80))])
    #expect(script.formatVersion == .resolvedSizes)
    #expect(try GestureScript.decode(json: Array(script.json.utf8)) == script)
  }
}
