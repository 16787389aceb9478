// scrolltrace — a trace file's identity: a hash of its bytes.

internal import SystemPackage

/// The 64-bit FNV-1a hash of a file's bytes, read in 256 KiB blocks (constant memory): the identity
/// a report gives each trace, so that two reports say whether they replayed the same file. It is
/// an identity, not a security check.
public enum ContentHash {
  /// The hash of the file at `path` as `fnv1a64:` and 16 hex digits.
  ///
  /// - Throws: ``TraceFormatError`` (`io`) when the file cannot be opened or read.
  public static func of(path: String) throws -> String {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw TraceFormatError(.io, "cannot open the file: \(error)", path: path)
    }
    defer { try? descriptor.close() }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var offset: Int64 = 0
    while true {
      let count: Int
      do {
        count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        throw TraceFormatError(.io, "cannot read the file: \(error)", byteOffset: offset, path: path)
      }
      if count == 0 { break }
      for byte in buffer[..<count] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      offset += Int64(count)
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
