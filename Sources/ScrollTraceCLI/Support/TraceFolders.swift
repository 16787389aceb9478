// scrolltrace — folders of traces on the command line.

import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the folders among trace arguments: a folder stands for the regular `.sctrace` files
/// directly in it, in name order (byte order, the same on every machine); anything else is kept
/// as given.
///
/// A folder's entries are read as bytes (a name that is not UTF-8 is kept: ``PathName``), and an
/// entry that is not a regular file — a FIFO named `x.sctrace` would block the tool in `open(2)`
/// until something wrote to it, a device would be read forever — is skipped with a note.
enum TraceFolders {
  /// The file name extension of a trace.
  static let traceExtension = ".sctrace"

  /// `paths` with each folder replaced by its traces.
  ///
  /// - Throws: ``InputFailure`` for a path that does not exist, a folder that cannot be listed or
  ///   holds no trace.
  static func expand(_ paths: [String]) throws -> [String] {
    var traces: [String] = []
    for path in paths {
      var info = stat()
      // A missing input is the user's mistake, not a damaged file a run could go on past.
      guard PathName.withCString(path, { stat($0, &info) }) == 0 else {
        throw InputFailure("\(path): no such file or folder")
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        traces.append(path)
        continue
      }
      let folder = path.hasSuffix("/") ? path : path + "/"
      var found: [(name: [UInt8], path: String)] = []
      for name in try entries(of: path) where name.count > traceExtension.utf8.count {
        guard name.first != UInt8(ascii: "."), name.suffix(8).elementsEqual(traceExtension.utf8)
        else { continue }
        let entry = folder + PathName.string(fromBytes: name)
        var entryInfo = stat()
        guard PathName.withCString(entry, { stat($0, &entryInfo) }) == 0,
          entryInfo.st_mode & S_IFMT == S_IFREG
        else {
          StandardError.note("skipped \(entry): not a regular file")
          continue
        }
        found.append((name, entry))
      }
      guard !found.isEmpty else {
        throw InputFailure("\(path): a folder with no \(traceExtension) file")
      }
      traces += found.sorted { $0.name.lexicographicallyPrecedes($1.name) }.map(\.path)
    }
    return traces
  }

  /// The names in the folder at `path`, as bytes.
  private static func entries(of path: String) throws -> [[UInt8]] {
    guard let directory = PathName.withCString(path, { opendir($0) }) else {
      throw InputFailure("\(path): cannot list the folder: \(String(cString: strerror(errno)))")
    }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      names.append(name)
    }
    return names
  }
}
