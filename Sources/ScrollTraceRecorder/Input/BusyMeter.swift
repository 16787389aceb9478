// scrolltrace — how long the main thread worked for each frame.

/// Adds up the main thread's busy time between two frames from a run-loop observer's wake and sleep
/// notifications (`kCFRunLoopAfterWaiting`, `kCFRunLoopBeforeWaiting`): the time the run loop was
/// not waiting, which is the work the app did for the frame (event handling, layout, the commit).
///
/// All in nanoseconds on the recorder's clock. The adapter forwards the notifications
/// (``RunLoopPassObserver``); the frame observation takes the sum when the pass that prepared the
/// frame ends (``TraceRecorder/runLoopDidFinishPass(at:sleeping:geometry:)``).
public struct BusyMeter: Sendable {
  private var awakeSince: Int64?
  private var busy: Int64 = 0
  private var measured = false

  /// Creates a meter that has measured nothing.
  public init() {}

  /// The run loop woke (or began a pass) at `time`.
  public mutating func wake(at time: Int64) {
    if awakeSince == nil { awakeSince = time }
    measured = true
  }

  /// The run loop is about to sleep at `time`: the time since it woke was busy.
  public mutating func sleep(at time: Int64) {
    guard let since = awakeSince else { return }
    busy = busy.addingSaturating(max(0, time.subtractingSaturating(since)))
    awakeSince = nil
  }

  /// The busy time since the last call, up to `time`, and restarts the count; `nil` when no
  /// observer ever reported (the recorder then stores no busy time rather than a zero).
  public mutating func take(at time: Int64) -> Int64? {
    guard measured else { return nil }
    var total = busy
    if let since = awakeSince {
      total = total.addingSaturating(max(0, time.subtractingSaturating(since)))
      awakeSince = time
    }
    busy = 0
    return total
  }

  /// The busy time of the wake periods that ended since the last call, and restarts that count.
  ///
  /// The period under way, if any, goes on counting. `nil` when no observer ever reported.
  public mutating func takeCompleted() -> Int64? {
    guard measured else { return nil }
    defer { busy = 0 }
    return busy
  }

  /// Whether a run-loop observer has reported: frames then wait for the end of their pass.
  public var isMeasuring: Bool { measured }
}

extension Int64 {
  fileprivate func addingSaturating(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  fileprivate func subtractingSaturating(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
