// scrolltrace — a short replay before the timed ones, so that host timings are not a cold start's.

import Analyze
import Replay
import TraceCore
import TraceIngest

/// A replay of a few seconds of drags and flings on the engine's stock scene, made in memory and
/// not recorded, run before the first timed replay of an engine in a process.
///
/// The first replay in a process pays for cold caches, lazy initialisation and page faults: a
/// single run's host p99 held a 16 ms outlier against 0.15 ms on a rerun. XCTest discards its first
/// iteration for the same reason. The warm-up replays no trace of the user's (a pipe or FIFO can be
/// read only once); its scene is the engine's own stock scene, so every engine can lay it out.
enum WarmUp {
  /// Replays the warm-up trace through `engine` with `settings`' model and limits; errors are
  /// ignored (the timed replay reports its own).
  static func run(_ engine: EngineRegistry.Entry, settings: ReplaySettings) {
    guard let trace = trace else { return }
    var quiet = settings
    quiet.readMode = .strict
    _ = try? TraceReplay(
      TraceSource(bytes: trace, path: "<warm-up>"), engine: engine, settings: quiet)
  }

  /// The warm-up trace: the script's events without its scene, so that the session lays out the
  /// engine's stock scene at the first touch.
  private static let trace: [UInt8]? = {
    guard let events = try? Synthesizer(script: script).events(),
      let writer = try? TraceWriter(header: Synthesizer(script: script).header)
    else { return nil }
    for event in events where event.kind != .scene { try? writer.append(event) }
    return try? writer.close()
  }()

  /// Two seconds of vertical and horizontal drags and flings, and a rotation, on an iPhone's
  /// screen at 120 Hz: made in code, as decoding its JSON form (`WarmUpTests` holds it) cost about
  /// 3 M instructions of every replay.
  static let script = GestureScript(
    device: .init(
      name: "warm-up", screen: Size(width: 393, height: 852), scale: 3, refreshRate: 120,
      touchRate: 120),
    scene: Scene(axis: .horizontal, layout: .pages(count: 3)),
    steps: [
      .drag(
        from: Point(x: 200, y: 600), translation: Point(x: 0, y: -300), duration: 0.2,
        releaseVelocity: Point(x: 0, y: -1500), fingers: 1),
      .wait(duration: 0.4),
      .fling(
        from: Point(x: 300, y: 400), velocity: Point(x: -1800, y: 0), duration: 0.08, fingers: 1),
      .wait(duration: 0.4),
      .rotate(duration: 0.2, safeArea: nil),
      .fling(
        from: Point(x: 200, y: 300), velocity: Point(x: 0, y: 2000), duration: 0.08, fingers: 1),
      .wait(duration: 0.6),
    ])
}
