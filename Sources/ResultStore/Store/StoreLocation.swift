// scrolltrace — a store's name and file, checked before SQLite sees either.

import TraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a results store is: the name as given, the plain path SQLite opens, and what is there.
///
/// SQLite reads some names as something other than a file: a name that begins with `file:` is a
/// URI (`file:app.db?mode=rwc` opens `app.db`, with parameters), and `:memory:` or an empty name is
/// no file at all. A store's name is always a plain path: a relative one is given to SQLite as
/// `./NAME`, which SQLite never reads as a URI, so `--store file:app.db` is the file of that name
/// in the current folder, as for every other verb.
struct StoreLocation: Sendable {
  /// The name as given (what messages show).
  let path: String
  /// What SQLite opens: the same file, never read as a URI.
  let sqlitePath: String
  /// Whether a file (or a link to one) is there.
  let exists: Bool
  /// Whether the file is empty (an existing file of no bytes).
  let isEmpty: Bool
  /// The file's device and inode when it exists: the same file under two names is one store.
  let identity: [UInt64]?

  /// Checks `path`: a non-empty name in valid UTF-8 (SQLite opens by name) naming a regular file,
  /// a link to one, or nothing yet.
  ///
  /// - Throws: ``StoreError``: `invalid` for an empty name, `io` for a name that is not UTF-8,
  ///   `notAStore` for a folder, a device, a FIFO or a socket, `notFound` for a link to nothing.
  init(_ path: String) throws(StoreError) {
    self.path = path
    guard !path.isEmpty else {
      throw StoreError(.invalid, "a results store needs a file name", path: "''")
    }
    guard PathName.bytes(path) == Array(path.utf8) else {
      throw StoreError(
        .io, "a results store's name must be valid UTF-8 (SQLite opens it by name)", path: path)
    }
    sqlitePath = path.hasPrefix("/") ? path : "./" + path
    var info = stat()
    if stat(path, &info) == 0 {
      // A pipe or a device would block SQLite or be written through; a folder cannot be one.
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw StoreError(.notAStore, "not a regular file (a store is one SQLite file)", path: path)
      }
      exists = true
      isEmpty = info.st_size == 0
      identity = [UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)]
      return
    }
    var link = stat()
    if lstat(path, &link) == 0 {
      throw StoreError(
        .notFound, "a symbolic link to a file that does not exist: name the store itself",
        path: path)
    }
    exists = false
    isEmpty = false
    identity = nil
  }

  /// The folder the store is in, as a path (`.` for a bare name).
  var folder: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether this process may write the file and make files beside it (SQLite's `-wal` and
  /// `-shm`).
  var isWritableHere: Bool {
    access(path, W_OK) == 0 && access(folder, W_OK) == 0
  }

  /// Whether SQLite's write-ahead log is beside the file: another connection has the store open,
  /// or one ended without closing it.
  var hasWriteAheadLog: Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && stat(path + "-shm", &info) == 0
  }

  /// The file as a SQLite URI that opens it `immutable`: no lock, no `-shm`, nothing written.
  ///
  /// For a store that cannot change while it is read: one this process may not write, in a folder
  /// where no `-wal` could be made (a read-only checkout, a restored artifact).
  var immutableURI: String {
    var absolute = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      if getcwd(&buffer, buffer.count) != nil {
        let folder = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        absolute = folder + "/" + path
      }
    }
    // RFC 3986's unreserved characters and the path's slashes stay; every other byte is escaped.
    var uri = "file:"
    for byte in absolute.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        uri.unicodeScalars.append("%")
        uri.unicodeScalars.append(digits[Int(byte >> 4)])
        uri.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return uri + "?immutable=1"
  }
}
