// scrolltrace — an `xctrace export` of Instruments tables, a row at a time, every ref resolved.

/// The tables of an `xcrun xctrace export --xpath '…/data/table[@schema="…"]'` file, read as a
/// stream: each table's schema, then its rows, each value resolved.
///
/// What the export looks like (`xctrace`'s `trace-query-result`, Xcode 15 to 27): a `<node>` per
/// table holding a `<schema name="…">` of `<col>`s (each with a `<mnemonic>`, a `<name>` and an
/// `<engineering-type>`), then one `<row>` per row with exactly one element per column, in the
/// schema's order. A value's text is its raw value (nanoseconds for times and durations); `fmt` is
/// only for display. The first occurrence of a value carries `id="N"`, later ones are
/// `<tag ref="N"/>`; a ref may point into another cell or another row, even to an element nested
/// inside a compound value, so ids are resolved over the whole document, and a ref's element name
/// must be its target's. `<sentinel/>` is a column without a value.
///
/// Memory grows with the interned values the document defines (each `id`: its tag, text and
/// `fmt`, about 150 bytes), capped at ``maximumInternedValues``; the rows themselves stream.
package struct InstrumentsExport {
  /// The most `id`s a document may define.
  package static let maximumInternedValues = 8 << 20

  /// A table's schema.
  package struct Schema: Sendable, Hashable {
    /// The schema's name (`hitches`, `display-surface-swap`, …).
    package var name: String
    /// Its columns' mnemonics, in order: the stable names (two columns of `hitches` share the
    /// display name "Swap ID").
    package var mnemonics: [String]
  }

  /// One column's value in a row.
  package enum Value: Sendable, Hashable {
    /// `<sentinel/>`: the column has no value in this row.
    case sentinel
    /// A value: its element name, its raw text and its display form.
    case value(tag: String, text: String, fmt: String?)

    /// The raw text as a whole number, when it is one (times and durations in nanoseconds).
    package var integer: Int64? {
      guard case .value(_, let text, _) = self else { return nil }
      return Int64(text)
    }

    /// The raw text; `nil` for a sentinel.
    package var text: String? {
      guard case .value(_, let text, _) = self else { return nil }
      return text
    }
  }

  /// What the reader read next.
  package enum Item: Sendable, Hashable {
    /// A table begins.
    case schema(Schema)
    /// A row of the latest table, on a line of the file.
    case row([Value], line: Int)
  }

  private let tokenizer: XMLTokenizer
  private let path: String
  private var interned: [Int: Value] = [:]
  private var internedBytes = 0
  private var schema: Schema?
  private var isInNode = false
  private var sawRoot = false

  /// Reads the export at `path`.
  ///
  /// - Throws: ``ImportError`` (`io`) when it cannot be opened.
  package init(path: String) throws(ImportError) {
    tokenizer = try XMLTokenizer(path: path)
    self.path = path
  }

  /// Reads an export's `bytes`, named `path` in errors.
  package init(bytes: [UInt8], path: String) {
    tokenizer = XMLTokenizer(bytes: bytes, path: path)
    self.path = path
  }

  /// The next schema or row, or `nil` at the end of the document.
  ///
  /// - Throws: ``ImportError`` (`malformedLine`, `unsupportedDump`) naming the line.
  package mutating func next() throws(ImportError) -> Item? {
    while let event = try tokenizer.next() {
      switch event {
      case .text(let text):
        guard text.allSatisfy(\.isWhitespace) else {
          throw error("text between elements")
        }
      case .close:
        if isInNode, tokenizer.depth == 1 {
          isInNode = false
          schema = nil
        }
      case .open(let name, let attributes, let isEmpty):
        switch tokenizer.depth - (isEmpty ? 0 : 1) {
        case 0:
          guard name == "trace-query-result" else {
            throw ImportError(
              .unsupportedDump,
              name == "trace-toc"
                ? "a table of contents, not a table: export one with --xpath (docs/import.md)"
                : "not an xctrace export: its root is <\(name)>, not <trace-query-result>",
              line: tokenizer.line, path: path)
          }
          sawRoot = true
        case 1 where name == "node":
          isInNode = !isEmpty
          schema = nil
        case 2 where isInNode && name == "schema":
          let schema = try readSchema(attributes, isEmpty: isEmpty)
          self.schema = schema
          return .schema(schema)
        case 2 where isInNode && name == "row":
          let line = tokenizer.line
          guard let schema else { throw error("a row before its table's schema") }
          let values = try readRow(isEmpty: isEmpty)
          guard values.count == schema.mnemonics.count else {
            throw ImportError(
              .malformedLine,
              "a row of \(values.count) values in table \(schema.name) of "
                + "\(schema.mnemonics.count) columns", line: line, path: path)
          }
          return .row(values, line: line)
        default:
          // Anything else an export may hold (a table's other annotations) is passed over, its
          // ids still defined for the refs that follow.
          if !isEmpty { try skip(name, attributes) } else { try define(name, attributes, "") }
        }
      }
    }
    guard sawRoot else {
      throw ImportError(.unsupportedDump, "no <trace-query-result>", path: path)
    }
    return nil
  }

  // MARK: Structure

  private mutating func readSchema(_ attributes: [XMLAttribute], isEmpty: Bool)
    throws(ImportError) -> Schema
  {
    guard let name = attributes.first(where: { $0.name == "name" })?.value, !name.isEmpty else {
      throw error("a <schema> without a name")
    }
    var mnemonics: [String] = []
    guard !isEmpty else { return Schema(name: name, mnemonics: []) }
    let depth = tokenizer.depth
    while let event = try tokenizer.next(), tokenizer.depth >= depth {
      guard case .open(let tag, _, let isEmpty) = event, tokenizer.depth == depth + 1,
        tag == "col", !isEmpty
      else { continue }
      var mnemonic: String?
      while let event = try tokenizer.next(), tokenizer.depth > depth {
        if case .open("mnemonic", _, false) = event {
          mnemonic = try textContent("mnemonic")
        }
      }
      guard let mnemonic, !mnemonic.isEmpty else {
        throw error("column \(mnemonics.count + 1) of schema \(name) has no <mnemonic>")
      }
      guard !mnemonics.contains(mnemonic) else {
        throw error("schema \(name) names column \(mnemonic) twice")
      }
      mnemonics.append(mnemonic)
    }
    return Schema(name: name, mnemonics: mnemonics)
  }

  private mutating func readRow(isEmpty: Bool) throws(ImportError) -> [Value] {
    var values: [Value] = []
    guard !isEmpty else { return values }
    while let event = try tokenizer.next() {
      switch event {
      case .close: return values
      case .text(let text):
        guard text.allSatisfy(\.isWhitespace) else { throw error("text between a row's values") }
      case .open(let name, let attributes, let isEmpty):
        values.append(try readValue(name, attributes, isEmpty: isEmpty))
        guard values.count <= 4096 else { throw error("a row of more than 4096 values") }
      }
    }
    throw error("the file ends inside a <row>")
  }

  /// One value: a sentinel, a ref resolved, or an element with its text, its `id` defined (and
  /// those of the elements nested in it).
  private mutating func readValue(_ name: String, _ attributes: [XMLAttribute], isEmpty: Bool)
    throws(ImportError) -> Value
  {
    if name == "sentinel" {
      if !isEmpty { try skip(name, attributes) }
      return .sentinel
    }
    if let ref = attributes.first(where: { $0.name == "ref" })?.value {
      if !isEmpty { try skip(name, []) }
      guard let id = Int(ref), let target = interned[id] else {
        throw error("<\(name) ref=\"\(ref)\"> refers to no earlier id")
      }
      guard case .value(let tag, _, _) = target, tag == name else {
        throw error("<\(name) ref=\"\(ref)\"> refers to a different element")
      }
      return target
    }
    var text = ""
    if !isEmpty {
      while let event = try tokenizer.next() {
        switch event {
        case .text(let piece):
          text += piece
          guard text.utf8.count <= XMLTokenizer.maximumTokenLength else {
            throw error("<\(name)> holds more than \(XMLTokenizer.maximumTokenLength) bytes")
          }
        case .open(let child, let childAttributes, let childIsEmpty):
          _ = try readValue(child, childAttributes, isEmpty: childIsEmpty)
        case .close:
          return try define(name, attributes, text)
        }
      }
      throw error("the file ends inside <\(name)>")
    }
    return try define(name, attributes, text)
  }

  /// The value of element `name`, its `id` defined when it has one.
  @discardableResult
  private mutating func define(_ name: String, _ attributes: [XMLAttribute], _ text: String)
    throws(ImportError) -> Value
  {
    let fmt = attributes.first(where: { $0.name == "fmt" })?.value
    let value = Value.value(tag: name, text: text, fmt: fmt)
    if let id = attributes.first(where: { $0.name == "id" })?.value {
      guard let number = Int(id), number > 0 else {
        throw error("<\(name) id=\"\(id)\">: not an id")
      }
      guard interned[number] == nil else { throw error("id \(number) defined twice") }
      guard interned.count < Self.maximumInternedValues else {
        throw error("more than \(Self.maximumInternedValues) interned values")
      }
      internedBytes += name.utf8.count + text.utf8.count + (fmt?.utf8.count ?? 0)
      guard internedBytes <= 1 << 30 else { throw error("over 1 GiB of interned values") }
      interned[number] = value
    }
    return value
  }

  /// Passes over the element just opened, defining the ids inside it.
  private mutating func skip(_ name: String, _ attributes: [XMLAttribute]) throws(ImportError) {
    _ = try readValue(name == "sentinel" ? "skipped" : name, attributes, isEmpty: false)
  }

  /// The text of an element with no children, through its end tag.
  private mutating func textContent(_ name: String) throws(ImportError) -> String {
    var text = ""
    while let event = try tokenizer.next() {
      switch event {
      case .text(let piece): text += piece
      case .close: return text
      case .open: throw error("<\(name)> holds an element")
      }
    }
    throw error("the file ends inside <\(name)>")
  }

  private func error(_ reason: String) -> ImportError {
    ImportError(.malformedLine, reason, line: tokenizer.line, path: path)
  }
}
