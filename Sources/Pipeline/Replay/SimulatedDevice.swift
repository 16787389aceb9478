// scrolltrace — a device made of a replay: what it displayed, as observed frames.

public import Analyze
public import Replay
public import TraceIngest

/// A stand-in for a device: replays a trace's events through an engine and adds what that
/// "device" displayed at each frame as an observed-frame event (format 1.2), as the recorder
/// writes them on a phone.
///
/// A recording with known answers, for `synth --observe`, tests and
/// examples: replayed through the same engine, every observation matches the model.
public enum SimulatedDevice {
  /// `events` (in time order) with one observation per frame of their replay through `engine`,
  /// each where its frame was presented (in a frame tick's place, or after the events of its time
  /// for a clock frame); frames whose index is in `droppedFrames` have none, as a display link that
  /// missed them.
  ///
  /// The observations replace the frame ticks: as in a recording,
  /// the frames are the display link's.
  ///
  /// Times are rounded down to the header's timestamp quantum, as a recorder's clock would give
  /// them; the target timestamp is one refresh interval after the frame; the busy time is what
  /// `busy` prices the frame's work at, or left out (nothing measured it).
  ///
  /// - Throws: what the replay throws (`ReplayError`, `TraceFormatError`).
  public static func observe(
    _ events: [TraceEvent], header: TraceHeader, engine: EngineRegistry.Entry,
    droppedFrames: Set<Int64> = [], busy: BusyTime? = nil,
    settleLimit: Double = ReplaySettings.defaultSettleLimit
  ) throws -> [TraceEvent] {
    let reader = try TraceReader(bytes: try TraceWriter.encode(header: header, events: events))
    let quantum = max(1, header.timestampQuantum)
    let onQuantum = { (time: Int64) in time - ((time % quantum) + quantum) % quantum }
    let interval = Int64((1e9 / header.device.refreshRate).rounded())
    var observations: [TraceEvent] = []
    var pricing = busy.map { Pricing($0) }
    try engine.replay(reader, settleLimit: settleLimit) { frame, _ in
      let busyDuration = pricing?.price(frame)
      guard !droppedFrames.contains(frame.index) else { return }
      let time = onQuantum(frame.time)
      let (target, overflow) = time.addingReportingOverflow(interval)
      let observed = ObservedFrame(
        targetTimestamp: overflow ? time : onQuantum(target), contentOffset: frame.contentOffset,
        contentSize: frame.contentSize, busyDuration: busyDuration)
      observations.append(TraceEvent(timestamp: time, .observedFrame(observed)))
    }
    // Merged in time order. A frame tick's observation takes the tick's place, so the frame it
    // drives sees the events before the tick and not those after it, as the tick's frame did; a
    // clock frame's comes after the trace's events of its time, which the clock applied first.
    var merged: [TraceEvent] = []
    merged.reserveCapacity(events.count + observations.count)
    var next = observations.makeIterator()
    var observation = next.next()
    for event in events {
      let isTick = event.kind == .frameTick
      while let pending = observation,
        isTick ? pending.timestamp <= event.timestamp : pending.timestamp < event.timestamp
      {
        merged.append(pending)
        observation = next.next()
      }
      if !isTick { merged.append(event) }
    }
    while let pending = observation {
      merged.append(pending)
      observation = next.next()
    }
    return merged
  }

  /// A device's work time for each frame: the frame's counted work priced by a cost model, with
  /// noise — a device whose costs are known, from which a calibration must recover them.
  public struct BusyTime: Sendable, Hashable {
    /// The device's true cost of each operation.
    public var costModel: CostModel
    /// The noise's standard deviation, as a fraction of the frame's time (0.1: 10 %).
    public var noise: Double
    /// The noise's seed: the same seed, the same times on every machine.
    public var seed: UInt64

    /// Work times priced by `costModel`, with Gaussian noise of `noise` times each frame's time.
    public init(costModel: CostModel, noise: Double = 0, seed: UInt64 = 1) {
      self.costModel = costModel
      self.noise = noise
      self.seed = seed
    }
  }

  /// Prices each frame of a replay, in order.
  private struct Pricing {
    var busy: BusyTime
    var random: SeededGenerator
    var viewsCreated = 0

    init(_ busy: BusyTime) {
      self.busy = busy
      random = SeededGenerator(seed: busy.seed)
    }

    /// The frame's work time, in whole nanoseconds (never negative).
    mutating func price(_ frame: ReplayFrame) -> Int64 {
      let created = max(0, frame.engine.viewsCreated - viewsCreated)
      viewsCreated = max(viewsCreated, frame.engine.viewsCreated)
      let time = busy.costModel.frameTime(WorkTotals(frame.engine.work, viewsCreated: created))
      let noisy = time * (1 + busy.noise * random.gaussian())
      return noisy.isFinite ? Int64(min(max(0, noisy), 3.6e12).rounded()) : 0
    }
  }
}
