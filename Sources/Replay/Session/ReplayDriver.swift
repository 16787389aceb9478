// scrolltrace — a trace file through a session, frame by frame.

import TraceCore

/// Streams a trace reader's events through a session on the trace's frame clock.
///
/// Generic over the engine so that each engine's replay loop is compiled for that engine
/// (``EngineRegistry/Entry`` calls it with the concrete session type): no dynamic dispatch or
/// runtime generic metadata per event or frame.
enum ReplayDriver {
  /// Runs `session` over `reader`'s events and then until motion settles (at most `settleLimit`
  /// seconds after the last event), calling `body` with each frame, or each run of frames at rest,
  /// and the host time its replay work took (nanoseconds on a monotonic clock: the events since
  /// the previous frame and the frames themselves, not `body`).
  ///
  /// The events are pushed through a ``FrameTimeline`` from the reader's columnar loop
  /// (`TraceReader.forEachEvent(touches:otherEvents:)`): touches are read from the reader's
  /// columns, and no other event is copied on its way to the session.
  ///
  /// With `skippingIdleFrames`, once two frames in a row are alike at rest
  /// (``ReplaySession/isIdle(after:)`` and equal but for index and time), the clock frames due
  /// before the next event are taken as one ``FrameRun`` without stepping the model or the engine
  /// for each. The frames are what stepping gives, so every consumer sees the same frames either
  /// way; `limits` count every frame of a run and its items, and a run never crosses the frame
  /// where they stop a replay.
  ///
  /// - Throws: ``ReplayError`` for an event the session refuses, an event gap, or more frames or
  ///   reported items than `limits` allow; the reader's `TraceFormatError`; whatever `body` throws.
  static func run<Engine: ScrollEngine>(
    _ session: inout ReplaySession<Engine>, reader: TraceReader, settleLimit: Double,
    limits: ReplayLimits,
    skippingIdleFrames: Bool, body: (FrameRun, UInt64) throws -> Void
  ) throws -> ReplayOutcome {
    let rate = reader.header.device.refreshRate
    var pass = Pass(
      timeline: FrameTimeline(refreshRate: rate, trailingFrames: Int(rate * settleLimit)),
      limits: limits,
      skippingIdleFrames: skippingIdleFrames)
    var gaps = EventGapCheck()
    var drops = ObservationDrops()
    // The columnar loop: each event is read in the reader's batch, never copied. The state is
    // one value with mutating methods, not variables captured by a local function: those are
    // boxed and every access to them checked for exclusivity at run time.
    try reader.forEachEvent { touches in
      // Touches, nearly every event, read from the reader's columns: no event per touch.
      for index in touches.indices {
        let time = touches.timestamps[index]
        try gaps.check(time)
        while let frame = pass.timeline.frame(before: time) {
          _ = try pass.present(
            frame, beforeEventAt: time, session: &session, reader: reader, body: body)
        }
        try session.apply(touches[index], at: time)
      }
    } otherEvents: { event in
      try gaps.check(event.timestamp)
      if event.kind.presentsFrame {
        if let frame = pass.timeline.frame(atTick: event.timestamp) {
          // An observation belongs to the frame it drives; a duplicate tick's is dropped with it.
          if event.kind == .observedFrame { try session.apply(event) }
          _ = try pass.present(
            frame, beforeEventAt: nil, session: &session, reader: reader, body: body)
        } else if event.kind == .observedFrame {
          // At or before a frame already presented: dropped, and counted.
          if event.timestamp == pass.timeline.lastPresentedTime {
            drops.duplicates += 1
          } else {
            drops.backwards += 1
          }
        }
        return
      }
      while let frame = pass.timeline.frame(before: event.timestamp) {
        _ = try pass.present(
          frame, beforeEventAt: event.timestamp, session: &session, reader: reader, body: body)
      }
      try session.apply(event)
    }
    while let frame = pass.timeline.trailingFrame() {
      if try pass.present(frame, beforeEventAt: nil, session: &session, reader: reader, body: body)
      {
        break
      }
    }
    var outcome = ReplayOutcome(
      delegateHooks: session.scrollView.delegateHooks, reportedAnything: pass.reportedAnything,
      hadScene: session.scene != nil, isModelOnly: session.engine.isModelOnly)
    outcome.droppedObservations = drops
    return outcome
  }

  /// What a replay keeps from frame to frame: the timeline, the counts the limits bound, and the
  /// last frame at rest.
  private struct Pass {
    var timeline: FrameTimeline
    let limits: ReplayLimits
    let skippingIdleFrames: Bool
    var workStart: UInt64
    var frames: Int64 = 0
    var allowed: Int64
    var items: Int64 = 0
    var itemsAllowed: Int64
    /// Whether any frame so far reported anything (``ReplayOutcome/reportedAnything``).
    var reportedAnything = false
    /// The last frame reported while frames are at rest, if ``hasRestingFrame``.
    ///
    /// The next alike frame starts a run. Not optional, so that it is compared and written in
    /// place.
    var restingFrame = ReplayFrame.blank
    /// Whether ``restingFrame`` holds the last frame reported.
    var hasRestingFrame = false
    /// The frame, or run, handed to the body: written in place frame after frame, never moved.
    var run = FrameRun(.blank)

    init(timeline: FrameTimeline, limits: ReplayLimits, skippingIdleFrames: Bool) {
      self.timeline = timeline
      self.limits = limits
      self.skippingIdleFrames = skippingIdleFrames
      workStart = HostClock.now
      allowed = limits.maximumFrames(afterEvents: 0)
      itemsAllowed = limits.maximumItems(afterEvents: 0)
    }

    /// Presents `scheduled`, and the frames at rest after it when they can be taken as a run
    /// (only before an event at `eventTime`), hands them to `body` and the engine's report back to
    /// `session`; returns whether the frame is at rest.
    mutating func present<Engine: ScrollEngine>(
      _ scheduled: FrameTimeline.Frame, beforeEventAt eventTime: Int64?,
      session: inout ReplaySession<Engine>,
      reader: TraceReader, body: (FrameRun, UInt64) throws -> Void
    ) throws -> Bool {
      frames += 1
      if frames > allowed {
        allowed = limits.maximumFrames(afterEvents: reader.stats.events)
        if frames > allowed {
          throw ReplayDriver.frameLimit(
            limits, frames: allowed, events: reader.stats.events, at: scheduled.time)
        }
      }
      session.write(into: &run.first, index: scheduled.index, at: scheduled.time)
      let frameItems = run.first.engine.reportedItems
      if !reportedAnything { reportedAnything = !run.first.engine.isEmpty }
      items = ReplayLimits.saturating(items, plus: frameItems, times: 1)
      if items > itemsAllowed {
        itemsAllowed = limits.maximumItems(afterEvents: reader.stats.events)
        if items > itemsAllowed {
          throw ReplayDriver.itemLimit(
            limits, items: itemsAllowed, events: reader.stats.events, at: run.first.time)
        }
      }
      var due: (clock: FrameClock, first: Int64, count: Int64)?
      // The frame's own fields first: in motion, the checks end there.
      if skippingIdleFrames, run.first.isAtRest, run.first.time == scheduled.time,
        session.isIdle(after: run.first)
      {
        if hasRestingFrame, ReplayFrame.areAlike(&restingFrame, &run.first) {
          allowed = limits.maximumFrames(afterEvents: reader.stats.events)
          itemsAllowed = limits.maximumItems(afterEvents: reader.stats.events)
          var most = allowed &- frames
          if frameItems > 0 { most = min(most, (itemsAllowed - items) / frameItems) }
          if let eventTime { due = timeline.takeClockFrames(before: eventTime, upTo: most) }
        }
        restingFrame = run.first
        hasRestingFrame = true
      } else if hasRestingFrame {
        // Its lists are let go, so that the session's next report writes them in place.
        restingFrame = .blank
        hasRestingFrame = false
      }
      let isAtRest = run.first.isAtRest
      if let due {
        frames += due.count
        // At most itemsAllowed: the run was cut to fit.
        items = ReplayLimits.saturating(items, plus: frameItems, times: due.count)
        run.makeRepeating(due.count, clock: due.clock, from: due.first)
        session.skipIdleFrames(through: run.time(at: due.count))
      } else {
        run.makeSingle()
      }
      let now = HostClock.now
      try body(run, now > workStart ? now &- workStart : 0)
      workStart = HostClock.now
      return isAtRest
    }
  }

  fileprivate static func itemLimit(
    _ limits: ReplayLimits, items: Int64, events: Int, at time: Int64
  ) -> ReplayError {
    ReplayError(
      .itemLimit,
      "the replay's frames would report more than \(items) visible items, view events and view frames set (\(limits.itemAllowance) plus \(limits.itemsPerEvent) for each of the \(events) events read): the scene shows more on each frame than the trace's events account for",
      at: time)
  }

  fileprivate static func frameLimit(
    _ limits: ReplayLimits, frames: Int64, events: Int, at time: Int64
  ) -> ReplayError {
    ReplayError(
      .frameLimit,
      "the replay would render more than \(frames) frames (\(limits.frameAllowance) plus \(limits.framesPerEvent) for each of the \(events) events read): the trace's events are far apart for what it holds",
      at: time)
  }
}

extension Duration {
  /// The duration in whole nanoseconds, for host timings (0 for a negative duration).
  public var wholeNanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
  }
}

extension ReplayFrame {
  /// Whether `other` shows what `frame` shows: equal but for ``index`` and ``time``.
  ///
  /// `frame` takes `other`'s index and time for the comparison and gets its own back: no frame is
  /// copied (a copy of a frame costs more than comparing two). Both are `inout` so that the
  /// caller's stored frames are compared where they lie.
  static func areAlike(_ frame: inout ReplayFrame, _ other: inout ReplayFrame) -> Bool {
    let (ownIndex, ownTime) = (frame.index, frame.time)
    defer { (frame.index, frame.time) = (ownIndex, ownTime) }
    (frame.index, frame.time) = (other.index, other.time)
    return frame == other
  }
}
