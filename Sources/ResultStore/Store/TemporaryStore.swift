// scrolltrace — a new store made under a temporary name beside its place, then linked there.

import TraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store being made: a file named `.scrolltrace-store-XXXXXXXX` in the store's folder, with its
/// SQLite journal files, registered for removal whatever ends the process (``SignalCleanup``).
struct TemporaryStore {
  /// The temporary file's path.
  let path: String

  /// What SQLite opens (a plain path, never a URI).
  var sqlitePath: String { path.hasPrefix("/") ? path : "./" + path }

  /// The files SQLite may make beside it.
  private var files: [String] { [path, path + "-journal", path + "-wal", path + "-shm"] }

  /// Creates an empty file beside `location`, with the permissions a new file gets (0666 less
  /// the umask, as SQLite would make it).
  ///
  /// - Throws: ``StoreError`` `io` when the folder cannot be written.
  init(beside location: StoreLocation) throws(StoreError) {
    let folder = location.folder
    var generator = SystemRandomNumberGenerator()
    let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    for _ in 0..<32 {
      let suffix = String((0..<8).map { _ in letters[Int(generator.next() % 36)] })
      let candidate = (folder == "." ? "" : folder + "/") + ".scrolltrace-store-" + suffix
      for file in [candidate, candidate + "-journal", candidate + "-wal", candidate + "-shm"] {
        SignalCleanup.register(file)
      }
      let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        close(descriptor)
        path = candidate
        return
      }
      let failure = errno
      for file in [candidate, candidate + "-journal", candidate + "-wal", candidate + "-shm"] {
        SignalCleanup.unregister(file)
      }
      guard failure == EEXIST else {
        throw StoreError(
          .io,
          "cannot make a new store in \(folder): \(String(cString: strerror(failure))) (nothing was written)",
          path: location.path)
      }
    }
    throw StoreError(
      .io, "cannot find a free temporary name in \(folder) (nothing was written)",
      path: location.path)
  }

  /// Links the finished store into place; `false` when a file is already there (another process
  /// made the store meanwhile).
  ///
  /// - Throws: ``StoreError`` `io` when the link cannot be made for another reason.
  func link(to location: StoreLocation) throws(StoreError) -> Bool {
    if hardLink(path, location.path) == 0 { return true }
    let failure = errno
    guard failure == EEXIST else {
      throw StoreError(
        .io, "cannot put the new store in place: \(String(cString: strerror(failure)))",
        path: location.path)
    }
    return false
  }

  /// Removes the temporary name and its journal files, and forgets them.
  func remove() {
    for file in files {
      unlink(file)
      SignalCleanup.unregister(file)
    }
  }
}

/// `link(2)`: a new name for a file, failing with `EEXIST` rather than replacing one.
private func hardLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
