// scrolltrace — the keyed and unkeyed containers of the package's JSON decoder.

/// The members of an object, found by key (a repeated key's first value, as Foundation's reader).
///
/// An object of more than ``indexedCount`` members is indexed by key when its container is made,
/// so that a type reading every member (a dictionary of 100,000 keys) reads in linear time; a
/// smaller one is searched in the text, so reading all its members takes at most 256 comparisons
/// each.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// The document.
  let document: JSONDocument
  /// The index of the object.
  let index: Int
  let codingPath: [any CodingKey]
  /// The index of each key's first value, for a large object.
  private let members: [String: Int]?

  /// The most members an object has for its keys to be searched rather than indexed: a report's
  /// table of metrics (about 60) is searched faster than it is indexed.
  static var indexedCount: Int { 256 }

  init(document: JSONDocument, index: Int, codingPath: [any CodingKey]) {
    self.document = document
    self.index = index
    self.codingPath = codingPath
    guard document.nodes[index].length > Self.indexedCount else {
      members = nil
      return
    }
    var members: [String: Int] = [:]
    for key in document.children(of: index) {
      let name = document.text(at: key)
      if members[name] == nil { members[name] = key + 1 }
    }
    self.members = members
  }

  var allKeys: [Key] {
    var keys: [Key] = []
    for keyIndex in document.children(of: index) {
      // A repeated key is listed once, where it first stands.
      let name = document.text(at: keyIndex)
      guard member(named: name) == keyIndex + 1, let key = Key(stringValue: name) else {
        continue
      }
      keys.append(key)
    }
    return keys
  }

  /// The index of the value of `key`, or nil.
  private func member(_ key: Key) -> Int? { member(named: key.stringValue) }

  /// The index of the first value of the key `name`, or nil.
  private func member(named name: String) -> Int? {
    if let members { return members[name] }
    return document.member(name, ofObjectAt: index)
  }

  func contains(_ key: Key) -> Bool { member(key) != nil }

  /// A decoder of the value of `key`.
  ///
  /// - Throws: `DecodingError.keyNotFound` when the object has no such member.
  private func decoder(_ key: Key) throws -> JSONDocumentDecoder {
    guard let member = member(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription:
            "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return JSONDocumentDecoder(document: document, index: member, parentPath: codingPath, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder(key).decode(type)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder(key).decode(type)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decoder(key).decode(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decoder(key).decode(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder(key).decode(type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try T(from: try decoder(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(forKey: Key(stringValue: "super") ?? decoderKeyNotMade())
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }

  /// The error for a coding key type that cannot name `super`.
  private func decoderKeyNotMade() throws -> Key {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: codingPath, debugDescription: "no key named super"))
  }
}

/// The elements of an array, decoded in turn.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
  /// The document.
  let document: JSONDocument
  /// The indexes of the elements.
  let elements: [Int]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(document: JSONDocument, elements: [Int], codingPath: [any CodingKey]) {
    self.document = document
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// A decoder of the next element, taken.
  ///
  /// - Throws: `DecodingError.valueNotFound` past the last element.
  private mutating func next(_ type: Any.Type) throws -> JSONDocumentDecoder {
    let key = AnyCodingKey(intValue: currentIndex) ?? AnyCodingKey(stringValue: "")
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
    }
    defer { currentIndex += 1 }
    return JSONDocumentDecoder(
      document: document, index: elements[currentIndex], parentPath: codingPath, key: key)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, document.nodes[elements[currentIndex]].kind == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next(type)) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
