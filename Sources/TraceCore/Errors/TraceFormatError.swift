// scrolltrace — the one error type of TraceFormat.

/// An error reading or writing a trace: what went wrong, and where.
///
/// Equality compares the code only (as swift-asn1's `ASN1Error` does), so tests match on codes and
/// the reason can change wording freely.
public struct TraceFormatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public var rawValue: String
    /// Creates a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }

    /// The input ended in the middle of a frame, an event or a field.
    public static let truncated = Code(rawValue: "truncated")
    /// The file does not start with a scrolltrace header, or a frame has an unknown magic number.
    public static let badMagic = Code(rawValue: "badMagic")
    /// The file was written by a newer major version of the format.
    public static let unsupportedVersion = Code(rawValue: "unsupportedVersion")
    /// The header frame is damaged or invalid.
    public static let malformedHeader = Code(rawValue: "malformedHeader")
    /// A chunk's zstd frame breaks a rule of the format (no declared content size, say).
    public static let malformedChunk = Code(rawValue: "malformedChunk")
    /// A chunk's zstd frame has no content checksum, which a strict read requires (a recovering
    /// read goes without).
    public static let missingChecksum = Code(rawValue: "missingChecksum")
    /// An event inside a chunk is damaged or invalid.
    public static let malformedEvent = Code(rawValue: "malformedEvent")
    /// The trailing index is damaged or disagrees with the chunks.
    public static let malformedIndex = Code(rawValue: "malformedIndex")
    /// A size read from the file exceeds a `DecodeLimits` bound (a decompression bomb, say).
    public static let limitExceeded = Code(rawValue: "limitExceeded")
    /// zstd could not decompress a chunk (corrupt data, a wrong checksum).
    public static let decompressionFailed = Code(rawValue: "decompressionFailed")
    /// zstd could not compress a chunk.
    public static let compressionFailed = Code(rawValue: "compressionFailed")
    /// A value given to the writer cannot be stored (a non-finite number, an out-of-range index).
    public static let invalidValue = Code(rawValue: "invalidValue")
    /// The operating system refused a read or a write.
    public static let io = Code(rawValue: "io")
  }

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what was expected and what was found.
  public var reason: String
  /// The absolute byte offset in the file where the problem was found, when known.
  public var byteOffset: Int64?
  /// The zero-based index of the chunk the problem is in, when known.
  public var chunk: Int?
  /// The file's path, when the error came from a file.
  public var path: String?

  /// Creates an error.
  public init(
    _ code: Code, _ reason: String, byteOffset: Int64? = nil, chunk: Int? = nil,
    path: String? = nil
  ) {
    self.code = code
    self.reason = reason
    self.byteOffset = byteOffset
    self.chunk = chunk
    self.path = path
  }

  /// One line: the file, the chunk and byte offset, the code and the reason.
  public var description: String {
    var location: [String] = []
    if let path { location.append(path) }
    if let chunk { location.append("chunk \(chunk)") }
    if let byteOffset { location.append("byte \(byteOffset)") }
    let prefix = location.isEmpty ? "" : location.joined(separator: ", ") + ": "
    return "\(prefix)\(code): \(reason)"
  }

  /// Compares codes only.
  public static func == (lhs: TraceFormatError, rhs: TraceFormatError) -> Bool {
    lhs.code == rhs.code
  }

  /// Hashes the code only.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// This error with the location filled in where it is still missing.
  func located(byteOffset: Int64? = nil, chunk: Int? = nil, path: String? = nil) -> Self {
    var copy = self
    if copy.byteOffset == nil { copy.byteOffset = byteOffset }
    if copy.chunk == nil { copy.chunk = chunk }
    if copy.path == nil { copy.path = path }
    return copy
  }
}
