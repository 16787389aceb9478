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

    init<Engine: ScrollEngine>(_ engine: @escaping @Sendable () -> Engine) {
      descriptor = engine().descriptor
      make = { header, configuration, overrides in
        ReplaySession(header: header, engine: engine(), configuration: configuration, overrides: overrides)
      }
    }

    /// A new session of this engine for a trace with `header`; `overrides` win over the engine's
    /// own settings.
    public func makeSession(
      header: TraceHeader, configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
      overrides: ScrollViewOverrides = ScrollViewOverrides()
    ) -> any FrameProducer {
      make(header, configuration, overrides)
    }
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

  /// The engine named `spec`: `name` (the newest version) or `name@version`; nil if none.
  public static func entry(named spec: String) -> Entry? {
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
