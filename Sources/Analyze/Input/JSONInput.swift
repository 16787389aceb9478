// scrolltrace — JSON inputs decoded into types, with errors that name the key at fault.

import Foundation
import TraceFormat

/// Decoding of the JSON files Analyze reads (budgets, cost models, saved reports) into
/// `Decodable` types that mirror their documented schema.
///
/// Errors become ``AnalyzeError``s naming the key path at fault (`budgets[2].maxIncrease`); text
/// nested deeper than `JSONNesting.maximumDepth` is refused with that reason before it is parsed.
package enum JSONInput {

  /// `T` decoded from `bytes`, a `code` file.
  ///
  /// - Throws: ``AnalyzeError`` with `code`, naming the key path at fault and what was expected.
  package static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], code: AnalyzeError.Code
  ) throws(AnalyzeError) -> T {
    if let offset = JSONNesting.offsetBeyondLimit(bytes) {
      throw AnalyzeError(
        code, key: nil,
        reason:
          "nested deeper than \(JSONNesting.maximumDepth) levels (at byte \(offset)): not a \(code) file"
      )
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(bytes))
    } catch let error as AnalyzeError {
      throw error
    } catch let DecodingError.typeMismatch(expected, context) {
      throw AnalyzeError(
        code, key: keyPath(context.codingPath), reason: reason(context, expected: expected))
    } catch let DecodingError.valueNotFound(expected, context) {
      throw AnalyzeError(
        code, key: keyPath(context.codingPath), reason: reason(context, expected: expected))
    } catch let DecodingError.keyNotFound(key, context) {
      throw AnalyzeError(
        code, key: keyPath(context.codingPath + [key]),
        reason: "missing; \(context.debugDescription)")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw AnalyzeError(code, key: keyPath(context.codingPath), reason: context.debugDescription)
    } catch {
      throw AnalyzeError(code, key: nil, reason: "not valid JSON: \(syntaxProblem(in: bytes))")
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

  /// `path` as people write it: `budgets[2].maxIncrease`.
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
    // Our own messages ("expected a number of percent") come through debugDescription.
    context.debugDescription.hasPrefix("expected")
      ? context.debugDescription : "expected \(description(of: expected))"
  }

  private static func description(of type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is Int64.Type: "a number"
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
  /// Throws for a key of this object that is not among `known`: a misspelt limit must not be
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
