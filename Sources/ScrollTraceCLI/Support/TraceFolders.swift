// scrolltrace — folders of traces on the command line.

import Foundation

/// Expands the folders among trace arguments: a folder stands for the `.sctrace` files directly in
/// it, in name order (byte order, the same on every machine); anything else is kept as given.
enum TraceFolders {
  /// The file name extension of a trace.
  static let traceExtension = ".sctrace"

  /// `paths` with each folder replaced by its traces.
  ///
  /// - Throws: ``InputFailure`` for a folder that cannot be listed or holds no trace.
  static func expand(_ paths: [String]) throws -> [String] {
    var traces: [String] = []
    for path in paths {
      var isFolder: ObjCBool = false
      // A missing input is the user's mistake, not a damaged file a run could go on past.
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw InputFailure("\(path): no such file or folder")
      }
      guard isFolder.boolValue else {
        traces.append(path)
        continue
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw InputFailure("\(path): cannot list the folder")
      }
      let found = names.filter { $0.hasSuffix(traceExtension) && !$0.hasPrefix(".") }.sorted {
        $0.utf8.lexicographicallyPrecedes($1.utf8)
      }
      guard !found.isEmpty else {
        throw InputFailure("\(path): a folder with no \(traceExtension) file")
      }
      let folder = path.hasSuffix("/") ? path : path + "/"
      traces += found.map { folder + $0 }
    }
    return traces
  }
}
