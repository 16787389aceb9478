// scrolltrace — the size of a file.

import SystemPackage

enum FileSize {
  /// The size of the file at `path` in bytes, or nil when it cannot be opened.
  static func of(_ path: String) -> Int64? {
    guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly) else { return nil }
    defer { try? descriptor.close() }
    return try? descriptor.seek(offset: 0, from: .end)
  }
}
