// scrolltrace — the one error type of the trace format.

/// An error reading or writing a trace: what went wrong, and where.
///
/// A ``CodedError``: equality compares the code only.
public struct TraceFormatError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<TraceFormatError>

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

  /// The file, the chunk and the byte offset, those known.
  public var location: [String] {
    var location: [String] = []
    if let path { location.append(path) }
    if let chunk { location.append("chunk \(chunk)") }
    if let byteOffset { location.append("byte \(byteOffset)") }
    return location
  }

  /// This error with the location filled in where it is still missing.
  func located(byteOffset: Int64? = nil, chunk: Int? = nil, path: String? = nil) -> Self {
    var copy = self
    if copy.byteOffset == nil { copy.byteOffset = byteOffset }
    if copy.chunk == nil { copy.chunk = chunk }
    if copy.path == nil { copy.path = path }
    return copy
  }
}

extension ErrorCode where Owner == TraceFormatError {
  /// The input ended in the middle of a frame, an event or a field.
  public static let truncated = Self(rawValue: "truncated")
  /// The file does not start with a scrolltrace header, or a frame has an unknown magic number.
  public static let badMagic = Self(rawValue: "badMagic")
  /// The file was written by a newer major version of the format.
  public static let unsupportedVersion = Self(rawValue: "unsupportedVersion")
  /// The header frame is damaged or invalid.
  public static let malformedHeader = Self(rawValue: "malformedHeader")
  /// A chunk's zstd frame breaks a rule of the format (no declared content size, say).
  public static let malformedChunk = Self(rawValue: "malformedChunk")
  /// A chunk's zstd frame has no content checksum, which a strict read requires (a recovering
  /// read goes without).
  public static let missingChecksum = Self(rawValue: "missingChecksum")
  /// An event inside a chunk is damaged or invalid.
  public static let malformedEvent = Self(rawValue: "malformedEvent")
  /// The trailing index is damaged or disagrees with the chunks.
  public static let malformedIndex = Self(rawValue: "malformedIndex")
  /// A size read from the file exceeds a `DecodeLimits` bound (a decompression bomb, say).
  public static let limitExceeded = Self(rawValue: "limitExceeded")
  /// zstd could not decompress a chunk (corrupt data, a wrong checksum).
  public static let decompressionFailed = Self(rawValue: "decompressionFailed")
  /// zstd could not compress a chunk.
  public static let compressionFailed = Self(rawValue: "compressionFailed")
  /// A value given to the writer cannot be stored (a non-finite number, an out-of-range index).
  public static let invalidValue = Self(rawValue: "invalidValue")
  /// The operating system refused a read or a write.
  public static let io = Self(rawValue: "io")
}
