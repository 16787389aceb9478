// scrolltrace — one engine a user can name, and how to replay through it.

public import TraceCore

/// A replay whose engine is chosen at run time: the type-erased face of ``ReplaySession``.
package protocol FrameProducer {
  /// Applies one schedule step; returns the frame for a frame step.
  mutating func step(_ step: ReplayStep) throws -> ReplayFrame?
}

extension ReplaySession: FrameProducer {}

extension EngineRegistry {
  /// One engine: its descriptor and how to start a session with it.
  public struct Entry: Sendable {
    /// Name, version, summary, source.
    public let descriptor: EngineDescriptor
    /// Whether the engine may report item identities (``ScrollEngine/reportsItemIdentities``).
    public let reportsItemIdentities: Bool
    private let make:
      @Sendable (TraceHeader, ScrollViewConfiguration, ScrollViewOverrides) -> any FrameProducer
    private let drive:
      @Sendable (
        TraceReader, ScrollViewConfiguration, ScrollViewOverrides, Double, ReplayLimits, Bool,
        (FrameRun, UInt64) throws -> Void
      ) throws -> ReplayOutcome
    private let stock: @Sendable (Size) -> Scene

    private init(
      descriptor: EngineDescriptor, reportsItemIdentities: Bool,
      stock: @escaping @Sendable (Size) -> Scene,
      make:
        @escaping @Sendable (TraceHeader, ScrollViewConfiguration, ScrollViewOverrides) ->
        any FrameProducer,
      drive:
        @escaping @Sendable (
          TraceReader, ScrollViewConfiguration, ScrollViewOverrides, Double, ReplayLimits, Bool,
          (FrameRun, UInt64) throws -> Void
        ) throws -> ReplayOutcome
    ) {
      self.descriptor = descriptor
      self.reportsItemIdentities = reportsItemIdentities
      self.stock = stock
      self.make = make
      self.drive = drive
    }

    /// The scene this engine lays out for a trace that has none, on a screen of `screen` points
    /// (``ScrollEngine/stockScene(for:)``).
    public func stockScene(for screen: Size) -> Scene { stock(screen) }

    /// An entry for the engine `makeEngine` returns: its name, version, summary and source come
    /// from its ``ScrollEngine/descriptor``.
    ///
    /// Each session calls `makeEngine` for a fresh engine.
    /// The replay loop is compiled for `Engine` itself (no type-erased step per event), as the
    /// built-in engines' are.
    ///
    /// ```swift
    /// let entry = EngineRegistry.Entry { CarouselEngine(version: 2) }
    /// ```
    public init<Engine: ScrollEngine>(_ makeEngine: @escaping @Sendable () -> Engine) {
      let engine = makeEngine()
      descriptor = engine.descriptor
      reportsItemIdentities = engine.reportsItemIdentities
      stock = { screen in makeEngine().stockScene(for: screen) }
      @Sendable func session(
        _ header: TraceHeader, _ configuration: ScrollViewConfiguration,
        _ overrides: ScrollViewOverrides
      )
        -> ReplaySession<Engine>
      {
        ReplaySession(
          header: header, engine: makeEngine(), configuration: configuration, overrides: overrides,
          layingOutStockScene: true)
      }
      make = { header, configuration, overrides in session(header, configuration, overrides) }
      // Created here, where `Engine` is concrete: the replay loop is compiled for this engine.
      drive = { reader, configuration, overrides, settleLimit, limits, skippingIdleFrames, body in
        var replaying = session(reader.header, configuration, overrides)
        return try ReplayDriver.run(
          &replaying, reader: reader, settleLimit: settleLimit, limits: limits,
          skippingIdleFrames: skippingIdleFrames,
          body: body)
      }
    }

    /// A new session of this engine for a trace with `header`; `overrides` win over the engine's
    /// own settings.
    ///
    /// A trace without a scene (an imported touch log) replays on the engine's
    /// stock scene (``ScrollEngine/stockScene(for:)``).
    package func makeSession(
      header: TraceHeader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides()
    ) -> any FrameProducer {
      make(header, configuration, overrides)
    }

    /// Replays `reader`'s events through a new session of this engine, one fixed step per frame
    /// of the trace's frame clock, and on after the last event until motion settles (at most
    /// `settleLimit` seconds).
    ///
    /// Calls `body` with each frame and the host time its replay work
    /// took, in nanoseconds on a monotonic clock (the events since the previous frame and the
    /// frame itself, not `body`). Streaming: memory does not depend on the trace's length.
    ///
    /// `limits` bound the frames rendered by the events read (``ReplayLimits``).
    ///
    /// - Returns: what the replay learnt of the engine (``ReplayOutcome``): its hooks, and whether
    ///   it reported anything at all.
    /// - Throws: ``ReplayError`` for an event the session refuses, an event gap of more than
    ///   `ReaderEvents.maximumGap` or more frames than `limits` allow; the reader's
    ///   `TraceFormatError`; whatever `body` throws.
    @discardableResult
    public func replay(
      _ reader: TraceReader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides(), settleLimit: Double,
      limits: ReplayLimits = ReplayLimits(), body: (ReplayFrame, UInt64) throws -> Void
    ) throws -> ReplayOutcome {
      try drive(reader, configuration, overrides, settleLimit, limits, true) { run, hostTime in
        for frame in run.frames { try body(frame, frame.index == run.first.index ? hostTime : 0) }
      }
    }

    /// Replays `reader` as ``replay(_:configuration:overrides:settleLimit:limits:body:)`` does, but
    /// hands frames at rest over in runs: `body` gets each frame in motion as a run of one, and
    /// each stretch of frames at rest before the next event as one ``FrameRun``, with the host time
    /// the run's replay work took.
    ///
    /// An engine opts in with ``ScrollEngine/reportsAlikeAtRest``;
    /// `skippingIdleFrames: false` steps every frame, for checking that the runs change nothing.
    ///
    /// A run's frames are the frames stepping gives, so a consumer that takes every frame of every
    /// run sees exactly what ``replay(_:configuration:overrides:settleLimit:limits:body:)`` shows; a
    /// consumer that accounts for a run at once (the analyzers) does the work of one frame.
    @discardableResult
    public func replayRuns(
      _ reader: TraceReader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides(), settleLimit: Double,
      limits: ReplayLimits = ReplayLimits(), skippingIdleFrames: Bool = true,
      body: (FrameRun, UInt64) throws -> Void
    ) throws -> ReplayOutcome {
      try drive(reader, configuration, overrides, settleLimit, limits, skippingIdleFrames, body)
    }

    /// This engine with `fault` injected into every session.
    public func injecting(_ fault: EngineFault) -> Entry {
      var descriptor = descriptor
      descriptor.fault = fault.rawValue
      let (make, drive) = (make, drive)
      return Entry(
        descriptor: descriptor, reportsItemIdentities: reportsItemIdentities, stock: stock,
        make: { header, configuration, overrides in
          FaultInjector(base: make(header, configuration, overrides), fault: fault)
        },
        drive: { reader, configuration, overrides, settleLimit, limits, skippingIdleFrames, body in
          // A fault changes each frame (one more view a frame, say): runs become single frames.
          var injection = FaultInjection(fault: fault)
          return try drive(
            reader, configuration, overrides, settleLimit, limits, skippingIdleFrames
          ) {
            run, hostTime in
            for frame in run.frames {
              var frame = frame
              injection.inject(into: &frame)
              try body(FrameRun(frame), frame.index == run.first.index ? hostTime : 0)
            }
          }
        })
    }
  }
}
