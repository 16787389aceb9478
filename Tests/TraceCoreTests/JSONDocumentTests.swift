// The package's JSON parser and decoder against Foundation's `JSONDecoder`: the same values from
// the same text, the same texts refused, and failures that name the same key.

import Foundation
import Testing

@testable import TraceCore

/// Any JSON value, decoded through a `Decoder`'s three kinds of container.
private indirect enum Value: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([Value])
  case object([String: Value])

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var members: [String: Value] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(Value.self, forKey: key)
      }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [Value] = []
      while !array.isAtEnd { elements.append(try array.decode(Value.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  /// The value written as JSON, with white space, escapes and number forms drawn from `random`.
  func text(_ random: inout SeededGenerator) -> String {
    func space() -> String { ["", "", " ", "\n  ", "\t", "\r\n"][Int(random.next() % 6)] }
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value):
      // Whole numbers in three forms; others as Swift prints them (shortest round trip).
      if value == value.rounded(), abs(value) < 1e15 {
        switch random.next() % 3 {
        case 0: return String(Int64(value))
        case 1: return String(Int64(value)) + ".0"
        default: return value == 0 ? "0e0" : "\(Int64(value))E+0"
        }
      }
      return "\(value)"
    case .string(let value):
      var out = "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += random.next() % 2 == 0 ? "\\\\" : "\\u005C"
        case "\n": out += "\\n"
        case "/": out += random.next() % 2 == 0 ? "/" : "\\/"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        case _ where scalar.value > 0xFFFF && random.next() % 2 == 0:
          let v = scalar.value - 0x1_0000
          out += String(format: "\\u%04X\\u%04X", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    case .array(let elements):
      return "[" + space() + elements.map { $0.text(&random) }.joined(separator: "," + space())
        + space() + "]"
    case .object(let members):
      return "{" + space()
        + members.keys.sorted().map { key in
          Value.string(key).text(&random) + space() + ":" + space()
            + (members[key] ?? .null).text(&random)
        }.joined(separator: "," + space()) + space() + "}"
    }
  }

  /// A random value nested at most `depth` deep.
  static func random(_ random: inout SeededGenerator, depth: Int) -> Value {
    let strings = [
      "", "a", "scrolltrace", "é", "日本", "🃏", "line\nbreak", "q\"uote", "back\\slash", "\u{1}", "/",
    ]
    switch random.next() % (depth > 0 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(random.next() % 2 == 0)
    case 2:
      switch random.next() % 4 {
      case 0: return .number(Double(Int64(truncatingIfNeeded: random.next()) >> 20))
      case 1: return .number((random.unit() - 0.5) * 1e6)
      case 2: return .number(random.unit() * 1e-300)
      default: return .number(Double(random.next() % 100))
      }
    case 3, 4: return .string(strings[Int(random.next() % UInt64(strings.count))])
    case 5:
      return .array(
        (0..<Int(random.next() % 4)).map { _ in Value.random(&random, depth: depth - 1) })
    default:
      var members: [String: Value] = [:]
      for _ in 0..<Int(random.next() % 4) {
        members[strings[Int(random.next() % UInt64(strings.count))]] = .random(
          &random, depth: depth - 1)
      }
      return .object(members)
    }
  }
}

@Suite struct JSONDocumentTests {
  /// Foundation's reading of `bytes`, or nil where it refuses them.
  private func foundation<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(bytes))
  }

  /// The package's reading of `bytes`, or nil where it refuses them.
  private func package<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) -> T? {
    try? JSONDecoding.decode(T.self, from: bytes, what: "a test")
  }

  @Test func readsRandomTextsAsFoundationDoes() throws {
    var random = SeededGenerator(seed: 53)
    for _ in 0..<2_000 {
      let value = Value.random(&random, depth: 4)
      let bytes = Array(value.text(&random).utf8)
      let expected = try #require(
        foundation(Value.self, bytes), "\(String(decoding: bytes, as: UTF8.self))")
      #expect(expected == value)
      #expect(package(Value.self, bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  /// Damaged texts, read alike by Foundation and the package.
  ///
  /// Each byte changed, dropped or doubled, or a JSON character put in its place: both must accept
  /// the same ones and read them alike.
  @Test func refusesWhatFoundationRefuses() {
    var random = SeededGenerator(seed: 8259)
    let alphabet =
      Array("{}[],:\"\\/0123456789-+.eEtrufalsn \n\u{7F}".utf8) + [0x00, 0xC3, 0xFF, 0xED]
    var accepted = 0
    for _ in 0..<6_000 {
      var bytes = Array(Value.random(&random, depth: 3).text(&random).utf8)
      for _ in 0...Int(random.next() % 2) where !bytes.isEmpty {
        let at = Int(random.next() % UInt64(bytes.count))
        let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
        switch random.next() % 4 {
        case 0: bytes[at] = byte
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(bytes[at], at: at)
        default: bytes.insert(byte, at: at)
        }
      }
      let expected = foundation(Value.self, bytes)
      if expected != nil { accepted += 1 }
      #expect(package(Value.self, bytes) == expected, "\(bytes)")
    }
    // Enough of both kinds for the comparison to mean something.
    #expect(accepted > 1_000 && accepted < 5_000, "\(accepted)")
  }

  private struct Numbers: Decodable, Equatable {
    var int: Int?
    var byte: UInt8?
    var double: Double?
    var float: Float?
  }

  /// Numbers: what each type takes, as Foundation converts them.
  @Test func convertsNumbersAsFoundationDoes() {
    let texts = [
      "1", "-0", "1.0", "1e2", "1E+2", "0.1e1", "1.5", "-1", "300", "255", "2.5e1",
      "9223372036854775807", "-9223372036854775808", "9223372036854775808", "12345678901234567890",
      "1e19", "1e400", "-1e400", "1e-400", "0e-400", "4.9e-324", "2e-320", "1.7976931348623157e308",
      "1e39", "0.1", "3.4028234663852886e38", "0.000", "-0.0e0",
    ]
    for text in texts {
      for key in ["int", "byte", "double", "float"] {
        let bytes = Array("{\"\(key)\": \(text)}".utf8)
        #expect(package(Numbers.self, bytes) == foundation(Numbers.self, bytes), "\(key) \(text)")
      }
    }
  }

  /// RFC 8259's grammar at its edges, and Foundation's two leniences.
  @Test func grammarAtItsEdges() {
    let accepted = [
      "0", "\"\"", "[]", "{}", " [ 1 , 2 ] ", "\u{FEFF}{}", "[1,]", "{\"a\":1,}", "\"\\u00e9\"",
      "\"\\uD83C\\uDCCF\"", "\"\u{7F}\"", "{\"a\":1,\"a\":2}", "\"\\/\\b\\f\\n\\r\\t\"",
    ]
    let refused = [
      "", " ", "[", "]", "[,]", "[1,,]", "{,}", "{\"a\"}", "{\"a\":}", "{a:1}", "01", "+1", ".5",
      "1.", "1e", "-", "NaN", "tru", "nulll", "\"\\ud800\"", "\"\\udc00\"", "\"\\x\"", "\"a\tb\"",
      "\"abc", "[1] 2", "\"\\u12\"", "\u{FEFF}\u{FEFF}{}", "[1]\u{0}",
    ]
    for text in accepted {
      #expect(package(Value.self, Array(text.utf8)) != nil, "\(text)")
      #expect(package(Value.self, Array(text.utf8)) == foundation(Value.self, Array(text.utf8)))
    }
    for text in refused {
      #expect(package(Value.self, Array(text.utf8)) == nil, "\(text)")
      #expect(foundation(Value.self, Array(text.utf8)) == nil, "\(text)")
    }
    // Bytes that are not UTF-8, in a string and alone.
    for bytes: [UInt8] in [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
    ] {
      #expect(package(Value.self, bytes) == nil)
      #expect(foundation(Value.self, bytes) == nil)
    }
  }

  /// Text in UTF-16 or UTF-32, with a byte order mark (as Windows PowerShell's `>` writes) and
  /// without: read as Foundation reads it (and UTF-32LE with its mark, which Foundation refuses).
  @Test func readsTheEncodingsFoundationDetects() throws {
    let text = #"{"name": "é 🃏", "values": [1, 2.5]}"#
    let expected = try #require(foundation(Value.self, Array(text.utf8)))
    let encodings: [String.Encoding] = [
      .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
    ]
    for encoding in encodings {
      for mark in ["", "\u{FEFF}"] {
        let bytes = try #require((mark + text).data(using: encoding)).map { $0 }
        // Foundation takes UTF-32LE's mark (FF FE 00 00) for UTF-16LE's and refuses the text.
        if encoding != .utf32LittleEndian || mark.isEmpty {
          #expect(foundation(Value.self, bytes) == expected, "\(encoding) \(mark.isEmpty)")
        }
        #expect(package(Value.self, bytes) == expected, "\(encoding) \(mark.isEmpty)")
      }
    }
  }

  /// A large object reads every member once, the first of a repeated key, as a small one does:
  /// a dictionary of 100,000 keys (a hostile cost model's size) decodes, and equals Foundation's.
  @Test func largeObjectsAreIndexed() throws {
    var text = "{"
    for index in 0..<100_000 { text += "\"k\(index)\": \(index), " }
    text += "\"k7\": -1}"
    let bytes = Array(text.utf8)
    let decoded = try JSONDecoding.decode([String: Int].self, from: bytes, what: "a test")
    #expect(decoded.count == 100_000 && decoded["k7"] == 7 && decoded["k99999"] == 99_999)
    #expect(decoded == foundation([String: Int].self, bytes))
    let small = try JSONDecoding.decode(
      [String: Int].self, from: Array(#"{"a": 1, "a": 2}"#.utf8), what: "a test")
    #expect(small == ["a": 1])
  }

  private struct Shape: Decodable {
    var name: String
    var steps: [Step]
    struct Step: Decodable { var duration: Double }
  }

  /// A failure names the key path, and the first of two repeated keys is the one read.
  @Test func failuresNameTheKey() {
    func failure(_ text: String) -> JSONDecoding.Failure? {
      do {
        _ = try JSONDecoding.decode(Shape.self, from: Array(text.utf8), what: "a shape")
        return nil
      } catch {
        return error as? JSONDecoding.Failure
      }
    }
    let wrongType = failure(#"{"name":"x","steps":[{"duration":1},{"duration":"2"}]}"#)
    #expect(wrongType?.keyPath == "steps[1].duration")
    #expect(wrongType?.reason == "expected a number")
    let missing = failure(#"{"name":"x","steps":[{}]}"#)
    #expect(missing?.keyPath == "steps[0].duration")
    #expect(missing?.reason == "missing required key")
    let null = failure(#"{"name":null,"steps":[]}"#)
    #expect(null?.keyPath == "name")
    #expect(null?.reason == "expected a string, found null")
    let notArray = failure(#"{"name":"x","steps":{}}"#)
    #expect(notArray?.keyPath == "steps")
    #expect(notArray?.reason == "expected an array")
    let syntax = failure(#"{"name":"x","steps":[}"#)
    #expect(syntax?.keyPath == nil)
    #expect(syntax?.reason == "not valid JSON: Invalid value around character 21.")
    let tooBig = failure(#"{"name":"x","steps":[{"duration":1e400}]}"#)
    #expect(tooBig?.keyPath == "steps[0].duration")
    let first = try? JSONDecoding.decode(
      Shape.self, from: Array(#"{"name":"a","name":"b","steps":[]}"#.utf8), what: "a shape")
    #expect(first?.name == "a")
  }
}
