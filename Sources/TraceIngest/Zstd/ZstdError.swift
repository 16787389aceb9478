// scrolltrace — libzstd's error codes as a Swift error.

internal import CZstd

/// An error reported by libzstd.
struct ZstdError: Error, Hashable, CustomStringConvertible {
  /// The `ZSTD_ErrorCode` value.
  var code: UInt32
  /// The text of `ZSTD_getErrorName`.
  var name: String

  /// The corresponding zstd error is `ZSTD_error_checksum_wrong`.
  static let checksumWrong = ZSTD_error_checksum_wrong.rawValue
  /// The corresponding zstd error is `ZSTD_error_corruption_detected`.
  static let corruptionDetected = ZSTD_error_corruption_detected.rawValue
  /// The corresponding zstd error is `ZSTD_error_srcSize_wrong`: the input ends inside a frame.
  static let sourceSizeWrong = ZSTD_error_srcSize_wrong.rawValue

  var description: String { name }

  /// Returns `result` if it is not an error code; otherwise throws the error it encodes.
  static func check(_ result: Int) throws(ZstdError) -> Int {
    guard ZSTD_isError(result) != 0 else { return result }
    throw ZstdError(
      code: ZSTD_getErrorCode(result).rawValue, name: String(cString: ZSTD_getErrorName(result)))
  }
}
