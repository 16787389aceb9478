// scrolltrace — whether a file is there to read.

/// Asks the file system about a path without reading it.
package enum FileProbe {
  /// Whether `path` opens for reading.
  package static func isReadableFile(_ path: String) -> Bool {
    guard let file = try? SystemFile.open(path, .readOnly) else { return false }
    try? file.close()
    return true
  }
}
