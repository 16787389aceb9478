// scrolltrace — whether a file is there to read.

import SystemPackage

/// Asks the file system about a path without reading it.
enum FileProbe {
  /// Whether `path` opens for reading.
  static func isReadableFile(_ path: String) -> Bool {
    guard let descriptor = try? FileDescriptor.open(PathName.filePath(path), .readOnly) else {
      return false
    }
    try? descriptor.close()
    return true
  }
}
