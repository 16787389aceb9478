// scrolltrace — strings from bytes that must be UTF-8, on every OS an app runs on.

extension String {
  /// `bytes` as a string when they are well-formed UTF-8 (no overlong form, no surrogate, nothing
  /// cut short); `nil` otherwise.
  ///
  /// What the standard library's `String(validating:as:)` does, which Apple platforms have only
  /// from iOS 18 and macOS 15; the recorder's core runs on older ones.
  package init?(utf8Validating bytes: some Collection<UInt8>) {
    guard Self.isWellFormedUTF8(bytes) else { return nil }
    self.init(decoding: bytes, as: UTF8.self)
  }

  /// Whether `bytes` are well-formed UTF-8, checked without making a string.
  package static func isWellFormedUTF8(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
