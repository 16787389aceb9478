// scrolltrace — the engines a user can name.

public import TraceCore

/// A set of engines, by name and version: what `--engine`, `--baseline` and `--candidate` choose
/// from.
///
/// A value, handed to whatever replays: ``builtIn`` holds every engine of this package,
/// and ``adding(_:)`` a team's own beside them.
///
/// Names are unique: an engine's name belongs to one family of versions, so adding `paging@3`
/// beside the built-in `paging` is an error rather than a silent change of what `--engine paging`
/// replays.
public struct EngineRegistry: Sendable {
  /// Every engine, in the order given (what `scrolltrace engines` lists).
  public let entries: [Entry]

  /// The engines `entries`, in that order.
  ///
  /// - Throws: ``EngineRegistryError`` for a name users could not type (empty, or with `@`, `+`,
  ///   `,` or white space), a version below 1, or two entries with the same name and version.
  public init(_ entries: [Entry]) throws {
    try self.init(checking: entries)
  }

  /// ``init(_:)`` with its error's type known, for callers inside the package.
  package init(checking entries: [Entry]) throws(EngineRegistryError) {
    for entry in entries {
      let descriptor = entry.descriptor
      guard Self.isValidName(descriptor.name) else {
        throw EngineRegistryError(.invalidName, engine: descriptor.name)
      }
      guard descriptor.version >= 1 else {
        throw EngineRegistryError(.invalidVersion, engine: descriptor.description)
      }
    }
    var seen: Set<String> = []
    for entry in entries where !seen.insert(entry.descriptor.description).inserted {
      throw EngineRegistryError(.duplicate, engine: entry.descriptor.description)
    }
    self.entries = entries
  }

  /// Every built-in engine: `plain`, `paging@1/2`, `cardfeed@1/2`, `nested@1/2/3`,
  /// `table@1`, `magazine@1/2/3/4`, `magazine-chat@3/4`, `chat@1/2/3`.
  public static let builtIn = EngineRegistry(checked: [
    Entry { PlainEngine() },
    Entry { PagingEngine(version: 1) },
    Entry { PagingEngine(version: 2) },
    Entry { CardScrollViewEngine() },
    Entry { CardFeedEngine() },
    Entry { NestedContainerEngine(version: 1) },
    Entry { NestedContainerEngine(version: 2) },
    Entry { NestedContainerEngine(version: 3) },
    Entry { SelfSizingEngine(policy: StockTablePolicy()) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 1)) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 2)) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 3)) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 4)) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 3, direction: .bottomToTop)) },
    Entry { SelfSizingEngine(policy: MagazineLayoutPolicy(version: 4, direction: .bottomToTop)) },
    Entry { SelfSizingEngine(policy: ChatLayoutPolicy(version: 1)) },
    Entry { SelfSizingEngine(policy: ChatLayoutPolicy(version: 2)) },
    Entry { SelfSizingEngine(policy: ChatLayoutPolicy(version: 3)) },
  ])

  /// Entries known to be valid (the built-ins, checked by a test).
  private init(checked entries: [Entry]) {
    self.entries = entries
  }

  /// These engines and `more`.
  ///
  /// - Throws: ``EngineRegistryError`` with `nameTaken` when one of
  ///   `more` has the name of an engine already here, and the errors of ``init(_:)``.
  public func adding(_ more: [Entry]) throws -> EngineRegistry {
    try checkedAdding(more)
  }

  /// ``adding(_:)`` with its error's type known, for callers inside the package.
  package func checkedAdding(_ more: [Entry]) throws(EngineRegistryError) -> EngineRegistry {
    let names = Set(entries.map(\.descriptor.name))
    for entry in more where names.contains(entry.descriptor.name) {
      let holders = entries.filter { $0.descriptor.name == entry.descriptor.name }.map(
        \.descriptor.description)
      throw EngineRegistryError(.nameTaken, engine: entry.descriptor.description, holders: holders)
    }
    return try EngineRegistry(checking: entries + more)
  }

  /// The engine named `spec`: `name` (the newest version) or `name@version`, optionally followed by
  /// `+fault` (``EngineFault``); nil if none.
  public func entry(named spec: String) -> Entry? {
    let pieces = spec.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(
      String.init)
    if pieces.count == 2 {
      guard let fault = EngineFault(rawValue: pieces[1]) else { return nil }
      return entry(named: pieces[0])?.injecting(fault)
    }
    let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
    guard let name = parts.first else { return nil }
    let candidates = entries.filter { $0.descriptor.name == name }
    if parts.count == 2 {
      guard let version = Int(parts[1]) else { return nil }
      return candidates.first { $0.descriptor.version == version }
    }
    return candidates.max { $0.descriptor.version < $1.descriptor.version }
  }

  /// `name@version` of every engine, in order, joined by commas.
  public var names: String { entries.map(\.descriptor.description).joined(separator: ", ") }

  /// Whether `name` can be typed as an engine name: not empty, no `@`, `+`, `,` or white space.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty
      && !name.contains { $0 == "@" || $0 == "+" || $0 == "," || $0.isWhitespace || $0.isNewline }
  }
}

/// Why a set of engines cannot be used: what is wrong, and with which engine.
public struct EngineRegistryError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<EngineRegistryError>

  /// What kind of problem it is.
  public var code: Code
  /// The engine at fault: its name (`invalidName`) or `name@version`.
  public var engine: String
  /// For `nameTaken`: the engines that already have the name, as `name@version`.
  public var holders: [String]

  /// An error of `code` about `engine`.
  public init(_ code: Code, engine: String, holders: [String] = []) {
    self.code = code
    self.engine = engine
    self.holders = holders
  }

  /// What is wrong, in a sentence.
  public var reason: String {
    switch code {
    case .invalidName:
      "engine name '\(engine)' cannot be typed: use letters, digits, '-', '_' or '.', without '@', '+', ',' or spaces"
    case .invalidVersion: "engine \(engine): versions start at 1"
    case .duplicate: "two engines are named \(engine)"
    case .nameTaken:
      "engine \(engine) takes the name of \(holders.joined(separator: ", ")); give your engine a name of its own"
    default: "engine \(engine): \(code)"
    }
  }

  /// Where the problem is.
  public var location: [String] {
    []
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == EngineRegistryError {
  /// An engine's name is empty or holds `@`, `+`, `,` or white space.
  public static let invalidName = Self(rawValue: "invalidName")
  /// An engine's version is below 1.
  public static let invalidVersion = Self(rawValue: "invalidVersion")
  /// Two engines have the same name and version.
  public static let duplicate = Self(rawValue: "duplicate")
  /// An added engine has the name of engines already in the set.
  public static let nameTaken = Self(rawValue: "nameTaken")
}
