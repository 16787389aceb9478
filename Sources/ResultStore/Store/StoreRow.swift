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
  /// The table the row comes from, for messages.
  let table: String
  /// The store's path, for messages.
  let path: String

  /// What identifies the row in a message: the report it belongs to (its `id` column) when it
  /// has one.
  private var place: String {
    if let id = row["id"] as DatabaseValue?, case .int64(let number) = id.storage {
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

  /// The column's value, or a `damaged` error when the row has no such column.
  private func value(_ column: String) throws(StoreError) -> DatabaseValue {
    guard let value = row[column] as DatabaseValue? else {
      throw StoreError(.damaged, "\(place) has no column \(column)", path: path)
    }
    return value
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
  func text(_ column: String) throws(StoreError) -> String {
    let value = try value(column)
    guard case .string = value.storage,
      let text = try? row.withUnsafeData(
        named: column,
        { data in
          data.flatMap { String(validating: $0, as: UTF8.self) }
        })
    else {
      throw damaged(column, value, "UTF-8 text")
    }
    return text
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
