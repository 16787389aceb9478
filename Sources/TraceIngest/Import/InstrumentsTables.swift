// scrolltrace — the tables of an Animation Hitches recording that scrolltrace reads, typed.

/// The rows of an Instruments Animation Hitches recording that become observed frames, read from
/// `xctrace export` files (the `xctrace` export reader), with every table met and its row count.
///
/// Columns are found by mnemonic, not by place, so a column Xcode adds or moves changes nothing; a
/// column scrolltrace needs and the schema lacks is an error that lists the schema's columns. A
/// needed time that is `<sentinel/>` leaves its row out, counted in ``Table/incomplete``. Tables of
/// other schemas are counted, not read. Times are nanoseconds since the recording began.
public struct InstrumentsTables: Sendable {
  /// One table met in the files.
  public struct Table: Sendable, Hashable {
    /// Its schema's name.
    public var schema: String
    /// The file it came from.
    public var path: String
    /// Its rows, as the file holds them.
    public var rows = 0
    /// Rows left out for a needed value that was `<sentinel/>`.
    public var incomplete = 0
    /// Whether scrolltrace reads this schema (``InstrumentsTables/schemas``).
    public var isRead: Bool
  }

  /// The schemas read: frames on glass, the display's vsyncs, the render server's work per frame,
  /// and Instruments' own hitches.
  public static let schemas = [
    "display-surface-swap", "display-vsyncs-interval", "hitches-renders", "hitches",
  ]

  /// A surface swap on glass (`display-surface-swap`): a frame the display showed.
  package struct Swap: Sendable, Hashable {
    /// When it reached the glass (`timestamp`, a vsync), in nanoseconds.
    package var timestamp: Int64
    /// When it asked to be displayed (`desired-presentation-time`), where given.
    package var desired: Int64?
    package var display: String
    package var swapID: Int64?
  }

  /// A display's vsync (`display-vsyncs-interval`).
  package struct Vsync: Sendable, Hashable {
    package var timestamp: Int64
    package var display: String
  }

  /// The render server's work for one frame (`hitches-renders`).
  package struct Render: Sendable, Hashable {
    package var start: Int64
    package var duration: Int64
    package var swapID: Int64?
  }

  /// A hitch as Instruments judged it (`hitches`): from when the frame was expected on glass, for
  /// as long as it was late.
  package struct Hitch: Sendable, Hashable {
    package var start: Int64
    package var duration: Int64
    package var isSystem: Bool
    package var description: String
  }

  /// Every table met, in the order met.
  public private(set) var tables: [Table] = []
  /// The frames on glass.
  package private(set) var swaps: [Swap] = []
  /// The vsyncs of every display.
  package private(set) var vsyncs: [Vsync] = []
  /// The render server's rows.
  package private(set) var renders: [Render] = []
  /// Instruments' hitches.
  package private(set) var hitches: [Hitch] = []

  /// Reads the exports at `paths`, each holding one table or more.
  ///
  /// - Throws: ``ImportError`` naming the file and line.
  public init(paths: [String]) throws(ImportError) {
    for path in paths {
      var export = try InstrumentsExport(path: path)
      try read(&export, path: path)
    }
  }

  /// Reads one export's bytes, named `path` in errors.
  ///
  /// - Throws: ``ImportError`` naming the line.
  public init(bytes: [UInt8], path: String) throws(ImportError) {
    var export = InstrumentsExport(bytes: bytes, path: path)
    try read(&export, path: path)
  }

  private mutating func read(_ export: inout InstrumentsExport, path: String) throws(ImportError) {
    var columns: Columns?
    var sawTable = false
    while let item = try export.next() {
      switch item {
      case .schema(let schema):
        sawTable = true
        let isRead = Self.schemas.contains(schema.name)
        tables.append(Table(schema: schema.name, path: path, isRead: isRead))
        columns = isRead ? try Columns(schema, path: path) : nil
      case .row(let values, let line):
        tables[tables.count - 1].rows += 1
        guard let columns else { continue }
        if try !add(values, columns, line: line, path: path) {
          tables[tables.count - 1].incomplete += 1
        }
      }
    }
    guard sawTable else {
      throw ImportError(.unsupportedDump, "the export holds no table", path: path)
    }
  }

  /// Adds a row; `false` when a needed value is a sentinel.
  private mutating func add(
    _ values: [InstrumentsExport.Value], _ columns: Columns, line: Int, path: String
  ) throws(ImportError) -> Bool {
    func time(_ mnemonic: String) throws(ImportError) -> Int64? {
      guard let index = columns.index[mnemonic] else { return nil }
      let value = values[index]
      guard value != .sentinel else { return nil }
      guard let number = value.integer, number >= 0 else {
        throw ImportError(
          .outOfRange,
          "\(columns.schema)'s \(mnemonic) holds '\(value.text?.prefix(40) ?? "")', not nanoseconds",
          line: line, path: path)
      }
      return number
    }
    func text(_ mnemonic: String) -> String {
      columns.index[mnemonic].flatMap { values[$0].text } ?? ""
    }
    func integer(_ mnemonic: String) -> Int64? {
      columns.index[mnemonic].flatMap { values[$0].integer }
    }
    switch columns.schema {
    case "display-surface-swap":
      guard let timestamp = try time("timestamp") else { return false }
      swaps.append(
        Swap(
          timestamp: timestamp, desired: try time("desired-presentation-time"),
          display: text("display-name"), swapID: integer("swap-id")))
    case "display-vsyncs-interval":
      guard let timestamp = try time("timestamp") else { return false }
      vsyncs.append(Vsync(timestamp: timestamp, display: text("display-name")))
    case "hitches-renders":
      guard let start = try time("start"), let duration = try time("duration") else {
        return false
      }
      renders.append(Render(start: start, duration: duration, swapID: integer("swap-id")))
    default:
      guard let start = try time("start"), let duration = try time("duration") else {
        return false
      }
      hitches.append(
        Hitch(
          start: start, duration: duration, isSystem: integer("is-system") == 1,
          description: text("narrative-description")))
    }
    return true
  }

  /// Where a read schema keeps the columns scrolltrace needs.
  private struct Columns {
    var schema: String
    var index: [String: Int] = [:]

    static let needed: [String: [String]] = [
      "display-surface-swap": ["timestamp"],
      "display-vsyncs-interval": ["timestamp"],
      "hitches-renders": ["start", "duration"],
      "hitches": ["start", "duration"],
    ]

    init(_ schema: InstrumentsExport.Schema, path: String) throws(ImportError) {
      self.schema = schema.name
      for (place, mnemonic) in schema.mnemonics.enumerated() { index[mnemonic] = place }
      for mnemonic in Self.needed[schema.name] ?? [] where index[mnemonic] == nil {
        throw ImportError(
          .unsupportedDump,
          "table \(schema.name) has no \(mnemonic) column (a schema of another Xcode?); "
            + "its columns: \(MessageText.list(schema.mnemonics, limit: 20))", path: path)
      }
    }
  }
}
