// scrolltrace — which event came last before a frame, and what the scroll view was doing then.

public import Pipeline
public import Replay

/// Watches a replay's frames and keeps, for each frame that applied events, those events and the
/// scroll view's phase in the frame before: what a finding's signature names as its trigger.
///
/// Memory holds a byte per frame (its phase) and an entry per frame that applies events.
public struct TriggerLog: FrameObserver {
  private var marks: [(frame: Int64, events: FrameEvents, phaseBefore: ScrollPhase)] = []
  private var phase = ScrollPhase.idle
  private var phases: [ScrollPhase] = []
  private var firstFrame: Int64 = 0

  /// An empty log.
  public init() {}

  /// Notes the frame's events and phase.
  public mutating func observe(_ frame: ReplayFrame, isFinding: Bool) {
    let events = frame.events.subtracting(.stockScene)
    if !events.isEmpty { marks.append((frame.index, events, phase)) }
    phase = frame.phase
    if phases.isEmpty { firstFrame = frame.index }
    phases.append(frame.phase)
  }

  /// The strongest kind of the last events applied at or before `frame`, and the phase in the frame
  /// before them; empty strings when no event came before it.
  public func trigger(at frame: Int64) -> (trigger: String, state: String) {
    var low = 0
    var high = marks.count
    while low < high {
      let middle = (low + high) / 2
      if marks[middle].frame <= frame { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return ("", "") }
    let mark = marks[low - 1]
    return (Self.name(mark.events), mark.phaseBefore.rawValue)
  }

  /// The phase in the frame before `frame` (the motion the frame's event met); empty before the
  /// first.
  public func state(before frame: Int64) -> String {
    let index = Int(clamping: frame &- firstFrame) - 1
    return phases.indices.contains(index) ? phases[index].rawValue : ""
  }

  /// The name of the kind that most likely caused what followed, among those of one frame: a resize
  /// before an edit before a new scene (a script's first frame sets its scene and viewport, and a
  /// rotation there is what follows) before a content change before a programmatic scroll before
  /// touches.
  static func name(_ events: FrameEvents) -> String {
    let order: [(FrameEvents, String)] = [
      (.resize, "resize"), (.sceneEdit, "sceneEdit"), (.sceneChange, "sceneChange"),
      (.contentChange, "contentChange"), (.programmaticScroll, "programmaticScroll"),
      (.touch, "touch"),
    ]
    return order.first { events.contains($0.0) }?.1 ?? ""
  }
}
