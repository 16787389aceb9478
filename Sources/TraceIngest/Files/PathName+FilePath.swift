// scrolltrace — path names as swift-system's `FilePath`, for the tools (the core has no
// swift-system).

package import SystemPackage
package import TraceCore

extension PathName {
  /// The name as a `FilePath`, with its escaped bytes as they were.
  package static func filePath(_ path: String) -> FilePath {
    var bytes = bytes(path).map { CChar(bitPattern: $0) }
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { FilePath(platformString: $0) } ?? FilePath()
    }
  }
}
