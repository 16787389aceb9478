// scrolltrace — a row of the store, every value decoded and checked.

import GRDB

/// A row read from a results store, each value checked against the type the store writes.
///
/// The store is a SQLite file a team may edit with `sqlite3` (docs/history.md invites queries),
/// and SQLite keeps whatever an edit puts in a column: text in `time`, a number too large for an
/// integer, text that is not UTF-8, a blob. Such a value is `damaged`, named by table, column and
/// row, never a crash.
struct StoreRow {
  /// The row, read from a statement (its text columns are read as bytes, so UTF-8 is checked).
  let row: Row
  /// The place of each column of the statement, by name (looked up once a query, not once a
  /// value: GRDB's lookup by name compares names case-insensitively, one by one).
  let columns: [String: Int]
  /// The table the row comes from, for messages.
  let table: String
  /// The store's path, for messages.
  let path: String

  /// A row of a statement whose columns are `columns`.
  init(row: Row, columns: [String: Int], table: String, path: String) {
    self.row = row
    self.columns = columns
    self.table = table
    self.path = path
  }

  /// A row whose columns are looked up from the row itself (a query read once).
  init(row: Row, table: String, path: String) {
    self.init(row: row, columns: StoreRow.columns(of: row), table: table, path: path)
  }

  /// The place of each of `row`'s columns, by name (the first of a name).
  static func columns(of row: Row) -> [String: Int] {
    var columns: [String: Int] = [:]
    for (index, name) in row.columnNames.enumerated() where columns[name] == nil {
      columns[name] = index
    }
    return columns
  }

  /// What identifies the row in a message: the report it belongs to (its `id` column) when it
  /// has one.
  private var place: String {
    if let index = columns["id"], case .int64(let number) = (row[index] as DatabaseValue).storage {
      return "report \(number)"
    }
    return "a row of \(table)"
  }

  private func damaged(_ column: String, _ value: DatabaseValue, _ expected: String) -> StoreError {
    let shown: String
    switch value.storage {
    case .null: shown = "NULL"
    case .int64(let number): shown = "the integer \(number)"
    case .double(let number): shown = "the number \(number)"
    case .string(let text):
      shown = "the text '\(StoreRow.excerpt(text))'"
    case .blob(let data): shown = "a blob of \(data.count) bytes"
    }
    return StoreError(
      .damaged,
      "\(place): its \(column) holds \(shown), not \(expected) (was the store edited outside scrolltrace?)",
      path: path)
  }

  /// The column's place, or a `damaged` error when the row has no such column.
  private func index(_ column: String) throws(StoreError) -> Int {
    guard let index = columns[column] else {
      throw StoreError(.damaged, "\(place) has no column \(column)", path: path)
    }
    return index
  }

  /// The column's value, or a `damaged` error when the row has no such column.
  private func value(_ column: String) throws(StoreError) -> DatabaseValue {
    row[try index(column)]
  }

  /// An integer column, within `range`.
  func integer(_ column: String, in range: ClosedRange<Int64> = Int64.min...Int64.max)
    throws(StoreError) -> Int64
  {
    let value = try value(column)
    guard case .int64(let number) = value.storage, range.contains(number) else {
      throw damaged(
        column, value,
        range == Int64.min...Int64.max
          ? "an integer" : "an integer in \(range.lowerBound)…\(range.upperBound)")
    }
    return number
  }

  /// A text column, checked to be UTF-8.
  ///
  /// Its bytes are read where SQLite holds them, and copied once. A column of text affinity holds
  /// text, a blob or NULL (SQLite stores a number given to it as text); a blob of valid UTF-8
  /// reads as the text it spells.
  func text(_ column: String) throws(StoreError) -> String {
    let place = try index(column)
    let text = try? row.withUnsafeData(atIndex: place) { data in
      data.flatMap { String(validating: $0, as: UTF8.self) }
    }
    guard let text else { throw damaged(column, row[place], "UTF-8 text") }
    return text
  }

  /// A name column (a branch, a baseline's name, a revision, an engine): UTF-8 text of 1 to
  /// `maximum` bytes, without control characters unless `controls` (a file name may hold them),
  /// as the store takes them on write.
  func name(_ column: String, maximum: Int = 1024, controls: Bool = false) throws(StoreError)
    -> String
  {
    let text = try text(column)
    guard !text.isEmpty, text.utf8.count <= maximum,
      controls
        || !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw StoreError(
        .damaged,
        "\(place): its \(column) is \(text.utf8.count) bytes\(text.isEmpty ? "" : " '\(StoreRow.excerpt(text))'"), not a name of 1 to \(maximum) bytes without control characters (was the store edited outside scrolltrace?)",
        path: path)
    }
    return text
  }

  /// The `tool`, `machine` and `runner` columns: text of at most
  /// ``RunProvenance/maximumLength`` bytes without control characters, as the store writes them.
  func provenance() throws(StoreError) -> RunProvenance {
    var fields: [String] = []
    for column in ["tool", "machine", "runner"] {
      let value = try text(column)
      guard value == RunProvenance.cleaned(value) else {
        throw StoreError(
          .damaged,
          "\(place): its \(column) is not text of at most \(RunProvenance.maximumLength) bytes without control characters (was the store edited outside scrolltrace?)",
          path: path)
      }
      fields.append(value)
    }
    return RunProvenance(tool: fields[0], machine: fields[1], runner: fields[2])
  }

  /// A column of finite numbers, or NULL.
  func optionalReal(_ column: String) throws(StoreError) -> Double? {
    let value = try value(column)
    switch value.storage {
    case .null: return nil
    case .int64(let number): return Double(number)
    case .double(let number) where number.isFinite: return number
    default: throw damaged(column, value, "a finite number or NULL")
    }
  }

  /// At most 60 characters of `text`, control characters escaped: enough to recognise a value
  /// in a message.
  static func excerpt(_ text: String) -> String {
    var shown = ""
    for (count, scalar) in text.unicodeScalars.enumerated() {
      guard count < 60 else { return shown + "…" }
      shown +=
        scalar.properties.generalCategory == .control
        ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return shown
  }
}
