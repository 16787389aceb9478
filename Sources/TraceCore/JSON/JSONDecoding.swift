// scrolltrace — JSON a user gives, decoded into a type, with a failure that names the key at fault.

import Foundation

/// The one way the package decodes the JSON files a user gives.
///
/// Gesture scripts, budgets, cost models, saved reports and the reports of a results store are
/// decoded into a `Decodable` type that mirrors the documented schema, with one failure that names
/// the key path at fault (`steps[2].drag.duration`) and what was expected. Each reader turns the
/// failure into its own coded error.
///
/// The text is parsed by ``JSONDocument`` and decoded by ``JSONDocumentDecoder``, which read what
/// Foundation's `JSONDecoder` reads (a test compares them) without its dynamic casts, each of which
/// cost a search of the binary's protocol conformances the first time a type was decoded. Text
/// nested deeper than ``JSONNesting/maximumDepth`` is refused, with that reason, before it is
/// parsed (the parser recurses).
package enum JSONDecoding {
  /// Why the JSON could not be decoded, and where.
  package struct Failure: Error, Sendable {
    /// The key path at fault, as people write it (`budgets[2].maxIncrease`); `nil` for the whole
    /// text.
    package var keyPath: String?
    /// What was expected, or why the text is not JSON.
    package var reason: String
  }

  /// `T` decoded from `bytes`, a file of `what` (for messages: "a gesture script").
  ///
  /// - Throws: ``Failure`` for text that is not JSON, too deep, or not of `T`'s shape; an error the
  ///   type's own decoding throws (a reader's coded error naming its key) comes through unchanged.
  package static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], what: String
  ) throws -> T {
    if let offset = JSONNesting.offsetBeyondLimit(bytes) {
      throw Failure(
        keyPath: nil,
        reason:
          "nested deeper than \(JSONNesting.maximumDepth) levels (at byte \(offset)): not \(what)")
    }
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: utf8(bytes))
    } catch {
      throw Failure(keyPath: nil, reason: "not valid JSON: \(syntaxProblem(in: bytes, error))")
    }
    do {
      return try T(
        from: JSONDocumentDecoder(
          document: document, index: JSONDocument.root, parentPath: [], key: nil))
    } catch let DecodingError.typeMismatch(expected, context) {
      throw Failure(
        keyPath: keyPath(context.codingPath), reason: reason(context, expected: expected))
    } catch let DecodingError.valueNotFound(expected, context) {
      throw Failure(
        keyPath: keyPath(context.codingPath),
        reason: "expected \(description(of: expected)), found null")
    } catch let DecodingError.keyNotFound(key, context) {
      throw Failure(keyPath: keyPath(context.codingPath + [key]), reason: "missing required key")
    } catch let DecodingError.dataCorrupted(context) {
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      throw Failure(
        keyPath: keyPath(context.codingPath), reason: context.debugDescription + underlying)
    }
  }

  /// `bytes` as UTF-8: as they are, or transcoded from the UTF-16 or UTF-32 that their byte order
  /// mark or their zero bytes show (RFC 4627 §3), as Foundation's reader detects it: a budget
  /// written by Windows PowerShell's `>` is UTF-16 with a mark.
  private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes[0] >= 0xFE else {
      return bytes
    }
    let quad = bytes.count >= 4 ? Array(bytes[0..<4]) : []
    let encoding: String.Encoding
    switch (bytes[0], bytes[1]) {
    case (0x00, 0x00) where quad == [0, 0, 0xFE, 0xFF] || (quad.count == 4 && quad[2] == 0):
      encoding = .utf32BigEndian
    case (0xFF, 0xFE) where quad == [0xFF, 0xFE, 0, 0]: encoding = .utf32LittleEndian
    case (0xFE, 0xFF), (0x00, _): encoding = .utf16BigEndian
    case (0xFF, 0xFE): encoding = .utf16LittleEndian
    case (_, 0x00) where quad.count == 4 && quad[2] == 0 && quad[3] == 0:
      encoding = .utf32LittleEndian
    case (_, 0x00): encoding = .utf16LittleEndian
    default: return bytes
    }
    guard let text = String(bytes: bytes, encoding: encoding) else { return bytes }
    return Array(text.utf8)
  }

  /// Where and why `bytes` are not JSON, in the words of Foundation's parser.
  ///
  /// "Invalid value around character 8.", "Number 1.8e308 is not representable in Swift.": the
  /// words every earlier version printed. Where Foundation reads a text the package's parser
  /// refuses, the parser's own reason and offset.
  private static func syntaxProblem(in bytes: [UInt8], _ error: JSONDocument.SyntaxError)
    -> String
  {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    } catch {
      if let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
        return said
      }
    }
    return "\(error.reason) around character \(error.offset)."
  }

  /// `path` as people write it: `budgets[2].maxIncrease`; `nil` for an empty path.
  package static func keyPath(_ path: [any CodingKey]) -> String? {
    guard !path.isEmpty else { return nil }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func reason(_ context: DecodingError.Context, expected: Any.Type) -> String {
    // A type's own messages ("expected a number of percent") come through debugDescription.
    context.debugDescription.hasPrefix("expected")
      ? context.debugDescription : "expected \(description(of: expected))"
  }

  private static func description(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is Int64.Type, is UInt64.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: type == [String: Any].self ? "an object" : "a value of another type"
    }
  }
}

/// A coding key for any name: what a strict decoder lists to find keys it does not know.
package struct AnyCodingKey: CodingKey, Hashable {
  package var stringValue: String
  package var intValue: Int?
  package init(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension Decoder {
  /// Throws for a key of this object that is not among `known`: a misspelt key must not be
  /// ignored in silence.
  package func rejectUnknownKeys(_ known: [String]) throws {
    let container = try self.container(keyedBy: AnyCodingKey.self)
    for key in container.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [AnyCodingKey(stringValue: key)],
          debugDescription: "unknown key; expected one of \(known.joined(separator: ", "))"))
    }
  }
}
