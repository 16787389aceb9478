// scrolltrace — JSON a user gives, decoded into a type, with a failure that names the key at fault.

import Foundation

/// The one way the package decodes the JSON files a user gives.
///
/// Gesture scripts, budgets, cost models, saved reports and the reports of a results store are
/// decoded into a `Decodable` type that mirrors the documented schema, with one failure that names
/// the key path at fault (`steps[2].drag.duration`) and what was expected. Each reader turns the
/// failure into its own coded error.
///
/// Text nested deeper than ``JSONNesting/maximumDepth`` is refused, with that reason, before it is
/// parsed (Foundation's parser recurses).
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
    do {
      return try JSONDecoder().decode(T.self, from: Data(bytes))
    } catch let DecodingError.typeMismatch(expected, context) {
      throw Failure(
        keyPath: keyPath(context.codingPath), reason: reason(context, expected: expected))
    } catch let DecodingError.valueNotFound(expected, context) {
      throw Failure(
        keyPath: keyPath(context.codingPath),
        reason: "expected \(description(of: expected)), found null")
    } catch let DecodingError.keyNotFound(key, context) {
      throw Failure(keyPath: keyPath(context.codingPath + [key]), reason: "missing required key")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      throw Failure(
        keyPath: keyPath(context.codingPath), reason: context.debugDescription + underlying)
    } catch is DecodingError {
      throw Failure(keyPath: nil, reason: "not valid JSON: \(syntaxProblem(in: bytes))")
    }
  }

  /// Where and why `bytes` are not JSON, as Foundation's parser words it ("Invalid value around
  /// character 8.", "Number 1.8e308 is not representable in Swift."); `JSONDecoder` drops it.
  private static func syntaxProblem(in bytes: [UInt8]) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
      return "not the shape of one"
    } catch {
      let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return said ?? "unreadable"
    }
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
