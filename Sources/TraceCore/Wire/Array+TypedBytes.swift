// scrolltrace — `withUnsafeBytes` that keeps a typed error.

extension Array where Element == UInt8 {
  /// `withUnsafeBytes`, keeping `body`'s typed error (the standard one rethrows `any Error`).
  package func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E)
    -> R
  {
    try withUnsafeBytes { raw in Result { () throws(E) -> R in try body(raw) } }.get()
  }

  /// `withUnsafeMutableBytes`, keeping `body`'s typed error.
  package mutating func withMutableBytes<R, E: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try withUnsafeMutableBytes { raw in Result { () throws(E) -> R in try body(raw) } }.get()
  }
}
