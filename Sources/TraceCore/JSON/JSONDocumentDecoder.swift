// scrolltrace — a `Decoder` over a parsed JSON document: values converted where a type asks.

/// A `Decoder` of one value of a ``JSONDocument``: what ``JSONDecoding`` decodes every JSON file
/// with.
///
/// It throws the `DecodingError`s Foundation's `JSONDecoder` throws for the same text, with the
/// same coding paths (a missing key, a value of another type, a null), and converts numbers as it
/// does: an integer type takes a number written with a fraction or an exponent when its value is
/// whole and fits (`1e2` is 100), a floating-point type refuses a number it cannot represent
/// (`1e400`). A number that does not fit names its key, where `JSONDecoder` names none.
///
/// It casts no type at run time: each value is decoded by the type's own `init(from:)`.
struct JSONDocumentDecoder: Decoder {
  /// The document.
  let document: JSONDocument
  /// The index of the value decoded.
  let index: Int
  /// The keys from the root to the value's container.
  let parentPath: [any CodingKey]
  /// The value's key in its container; nil for the root.
  let key: (any CodingKey)?

  /// A decoder of the value at `index`, `key` in the container at `parentPath`.
  init(document: JSONDocument, index: Int, parentPath: [any CodingKey], key: (any CodingKey)?) {
    self.document = document
    self.index = index
    self.parentPath = parentPath
    self.key = key
  }

  /// The keys from the root to the value: made when asked (a container, an error), not for each
  /// value decoded.
  var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

  /// No information: the package's types need none.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The node decoded.
  var node: JSONDocument.Node { document.nodes[index] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard node.kind == .object else {
      throw mismatch([String: Any].self, expected: "Dictionary<String, Any>")
    }
    return KeyedDecodingContainer(
      JSONKeyedContainer<Key>(document: document, index: index, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard node.kind == .array else { throw mismatch([Any].self, expected: "Array<Any>") }
    return JSONUnkeyedContainer(
      document: document, elements: document.children(of: index), codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// The error for a value that is not of `type`, as `JSONDecoder` words it.
  func mismatch(_ type: Any.Type, expected name: String) -> DecodingError {
    if node.kind == .null {
      return DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get value of type \(name) -- found null value instead"))
    }
    let found =
      switch node.kind {
      case .null: "null"
      case .true, .false: "bool"
      case .number: "number"
      case .string: "a string"
      case .array: "an array"
      case .object: "a dictionary"
      }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "Expected to decode \(name) but found \(found) instead."))
  }

  /// The error for a number that `type` cannot hold.
  func doesNotFit(_ type: Any.Type, name: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription:
          "Parsed JSON number <\(document.text(at: index))> does not fit in \(name)."))
  }
}

extension JSONDocumentDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { node.kind == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    switch node.kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, expected: "Bool")
    }
  }

  func decode(_ type: String.Type) throws -> String {
    guard node.kind == .string else { throw mismatch(String.self, expected: "String") }
    return document.text(at: index)
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint(Double.self, "Double") }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint(Float.self, "Float") }
  func decode(_ type: Int.Type) throws -> Int { try integer(Int.self, "Int") }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self, "Int8") }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self, "Int16") }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self, "Int32") }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self, "Int64") }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self, "UInt") }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self, "UInt8") }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self, "UInt16") }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self, "UInt32") }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self, "UInt64") }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

  /// The number as `T`: refused where it is infinite there, or zero where its digits are not.
  private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type, _ name: String
  ) throws -> T {
    guard node.kind == .number else { throw mismatch(T.self, expected: name) }
    let text = document.text(at: index)
    // Zero is refused only where the digits before the exponent are not all zero (`1e-400`).
    let mantissa = text.utf8.prefix { $0 | 0x20 != UInt8(ascii: "e") }
    let isWrittenZero = !mantissa.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
    guard let value = T(text), value.isFinite, value != 0 || isWrittenZero else {
      throw doesNotFit(T.self, name: name)
    }
    return value
  }

  /// The number as `T`: its digits read exactly, or a fraction's or an exponent's value when it
  /// is whole and fits.
  private func integer<T: FixedWidthInteger>(_ type: T.Type, _ name: String) throws -> T {
    guard node.kind == .number else { throw mismatch(T.self, expected: name) }
    let text = document.text(at: index)
    let isPlain = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    if isPlain {
      guard let value = T(text, radix: 10) else { throw doesNotFit(T.self, name: name) }
      return value
    }
    guard let double = Double(text), let value = T(exactly: double) else {
      throw doesNotFit(T.self, name: name)
    }
    return value
  }
}
