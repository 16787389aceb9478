// scrolltrace — a trace file's identity: a hash of its bytes.

/// The 64-bit FNV-1a hash of a file's bytes: the identity a report gives each trace, so that two
/// reports say whether they replayed the same file.
///
/// It is an identity, not a security check.
///
/// ``TraceReader/contentHash()`` computes it through the reader's own descriptor, so that a trace
/// is opened once: a pipe or FIFO (`<(cat t.sctrace)`) is hashed as it is read.
package struct ContentHash: Sendable, Hashable, CustomStringConvertible {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty hash.
  package init() {}

  /// Adds `bytes`.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var hash = state
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    state = hash
  }

  /// `fnv1a64:` and 16 hex digits.
  package var description: String {
    let hex = String(state, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The hash of the file at `path`, read in 256 KiB blocks (constant memory).
  ///
  /// - Throws: ``TraceFormatError`` (`io`) when the file cannot be opened or read.
  package static func of(path: String) throws -> String {
    let descriptor: SystemFile
    do {
      descriptor = try SystemFile.open(path, .readOnly)
    } catch {
      throw TraceFormatError(.io, "cannot open the file: \(error)", path: path)
    }
    defer { try? descriptor.close() }
    do throws(TraceFormatError) {
      return try of(descriptor, from: nil).description
    } catch {
      throw error.located(path: path)
    }
  }

  /// The hash of everything `descriptor` holds: read with `pread` from byte 0 when `from` is nil
  /// (the descriptor's offset is left alone), else continuing `from` with what `read` returns.
  static func of(_ descriptor: SystemFile, from start: ContentHash?) throws(TraceFormatError)
    -> ContentHash
  {
    var hash = start ?? ContentHash()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var offset: Int64 = 0
    while true {
      let count: Int
      do {
        count = try buffer.withUnsafeMutableBytes { raw in
          start == nil
            ? try descriptor.read(fromAbsoluteOffset: offset, into: raw)
            : try descriptor.read(into: raw)
        }
      } catch {
        throw TraceFormatError(.io, "cannot read the file: \(error)", byteOffset: offset)
      }
      if count == 0 { break }
      buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      offset += Int64(count)
    }
    return hash
  }
}
