// scrolltrace — the engines a user can name.

public import TraceFormat

/// A replay whose engine is chosen at run time: the type-erased face of ``ReplaySession``.
public protocol FrameProducer {
  /// Applies one schedule step; returns the frame for a frame step.
  mutating func step(_ step: ReplayStep) throws(ReplayError) -> ReplayFrame?
}

extension ReplaySession: FrameProducer {}

/// The engines built in, by name and version.
public enum EngineRegistry {
  /// One engine: its descriptor and how to start a session with it.
  public struct Entry: Sendable {
    /// Name, version, summary, source.
    public let descriptor: EngineDescriptor
    private let make: @Sendable (TraceHeader, ScrollViewConfiguration, ScrollViewOverrides) -> any FrameProducer
    private let drive: @Sendable (
      TraceReader, ScrollViewConfiguration, ScrollViewOverrides, Double, (ReplayFrame, UInt64) throws -> Void
    ) throws -> Void

    private init(
      descriptor: EngineDescriptor,
      make: @escaping @Sendable (TraceHeader, ScrollViewConfiguration, ScrollViewOverrides) -> any FrameProducer,
      drive: @escaping @Sendable (
        TraceReader, ScrollViewConfiguration, ScrollViewOverrides, Double, (ReplayFrame, UInt64) throws -> Void
      ) throws -> Void
    ) {
      self.descriptor = descriptor
      self.make = make
      self.drive = drive
    }

    init<Engine: ScrollEngine>(_ engine: @escaping @Sendable () -> Engine) {
      descriptor = engine().descriptor
      @Sendable func session(_ header: TraceHeader, _ configuration: ScrollViewConfiguration, _ overrides: ScrollViewOverrides)
        -> ReplaySession<Engine>
      {
        ReplaySession(
          header: header, engine: engine(), configuration: configuration, overrides: overrides,
          layingOutStockScene: true)
      }
      make = { header, configuration, overrides in session(header, configuration, overrides) }
      // Created here, where `Engine` is concrete: the replay loop is compiled for this engine.
      drive = { reader, configuration, overrides, settleLimit, body in
        var replaying = session(reader.header, configuration, overrides)
        try ReplayDriver.run(&replaying, reader: reader, settleLimit: settleLimit, body: body)
      }
    }

    /// A new session of this engine for a trace with `header`; `overrides` win over the engine's
    /// own settings. A trace without a scene (an imported touch log) replays on the engine's
    /// stock scene (``ScrollEngine/stockScene(for:)``).
    public func makeSession(
      header: TraceHeader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides()
    ) -> any FrameProducer {
      make(header, configuration, overrides)
    }

    /// Replays `reader`'s events through a new session of this engine, one fixed step per frame
    /// of the trace's frame clock, and on after the last event until motion settles (at most
    /// `settleLimit` seconds). Calls `body` with each frame and the host time its replay work
    /// took, in nanoseconds on a monotonic clock (the events since the previous frame and the
    /// frame itself, not `body`). Streaming: memory does not depend on the trace's length.
    ///
    /// - Throws: ``ReplayError`` for an event the session refuses or an event gap of more than
    ///   ``ReaderEvents/maximumGap``; the reader's `TraceFormatError`; whatever `body` throws.
    public func replay(
      _ reader: TraceReader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides(), settleLimit: Double,
      body: (ReplayFrame, UInt64) throws -> Void
    ) throws {
      try drive(reader, configuration, overrides, settleLimit, body)
    }

    /// This engine with `fault` injected into every session.
    public func injecting(_ fault: Fault) -> Entry {
      var descriptor = descriptor
      descriptor.fault = fault.rawValue
      let (make, drive) = (make, drive)
      return Entry(
        descriptor: descriptor,
        make: { header, configuration, overrides in
          FaultInjector(base: make(header, configuration, overrides), fault: fault)
        },
        drive: { reader, configuration, overrides, settleLimit, body in
          var injection = FaultInjection(fault: fault)
          try drive(reader, configuration, overrides, settleLimit) { frame, hostTime in
            var frame = frame
            injection.inject(into: &frame)
            try body(frame, hostTime)
          }
        })
    }
  }

  /// A regression to inject into an engine, for checking that a gate catches one
  /// (`--engine cardfeed@2+viewPerFrame`).
  public enum Fault: String, Sendable, CaseIterable {
    /// Every frame creates, configures and keeps one more view, as a cell that is never enqueued.
    case viewPerFrame
  }

  /// Every built-in engine, by name then version.
  public static let all: [Entry] = [
    Entry { PlainEngine() },
    Entry { PagingEngine(version: 1) },
    Entry { PagingEngine(version: 2) },
    Entry { CardScrollViewEngine() },
    Entry { CardFeedEngine() },
    Entry { NestedContainerEngine(version: 1) },
    Entry { NestedContainerEngine(version: 2) },
    Entry { NestedContainerEngine(version: 3) },
  ]

  /// The engine named `spec`: `name` (the newest version) or `name@version`, optionally followed by
  /// `+fault` (``Fault``); nil if none.
  public static func entry(named spec: String) -> Entry? {
    let pieces = spec.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    if pieces.count == 2 {
      guard let fault = Fault(rawValue: pieces[1]) else { return nil }
      return entry(named: pieces[0])?.injecting(fault)
    }
    let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
    guard let name = parts.first else { return nil }
    let candidates = all.filter { $0.descriptor.name == name }
    if parts.count == 2 {
      guard let version = Int(parts[1]) else { return nil }
      return candidates.first { $0.descriptor.version == version }
    }
    return candidates.max { $0.descriptor.version < $1.descriptor.version }
  }
}
