// scrolltrace — a file a verb writes: whole or not at all, never over a device or an input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a verb writes a file it was given with `-o` (or `--timeline`, `--junit`…).
///
/// A regular file (or a new one) is written under a temporary name beside it and renamed into
/// place by ``commit()``, so a failed or interrupted run leaves nothing behind (the temporary is
/// registered with ``TemporaryFiles`` until then). Anything else that exists — `/dev/null`, a
/// FIFO, a terminal — is written directly and never renamed over or removed: as root, renaming
/// over `/dev/null` would replace the device with a regular file. An output that is one of the
/// verb's inputs is refused before anything is opened.
struct OutputFile {
  /// The path the user named.
  let path: String
  /// The path to write: the temporary beside ``path``, or ``path`` itself for a special file.
  let writePath: String
  private let isTemporary: Bool

  /// Decides how to write `path`.
  ///
  /// - Throws: ``InputFailure`` when `path` names one of `inputs` (the same file, through any
  ///   name or link) or a directory.
  init(_ path: String, inputs: [String]) throws {
    self.path = path
    let target = FileIdentity(path: path)
    if let target {
      if target.isDirectory {
        throw InputFailure("\(path): cannot write the output: it is a directory")
      }
      for input in inputs where FileIdentity(path: input) == target {
        throw InputFailure(
          "\(path): the output is also an input (\(input)); refusing to overwrite it")
      }
    }
    if let target, !target.isRegularFile {
      writePath = path
      isTemporary = false
    } else {
      writePath = "\(path).tmp-\(getpid())"
      isTemporary = true
      TemporaryFiles.register(writePath)
    }
  }

  /// Moves the finished file into place (nothing to do for a special file).
  func commit() throws {
    guard isTemporary else { return }
    defer { TemporaryFiles.unregister(writePath) }
    guard rename(writePath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(writePath)
      throw InputFailure("\(path): cannot move the output into place: \(reason)")
    }
  }

  /// Removes the unfinished file (a special file is left alone).
  func discard() {
    guard isTemporary else { return }
    unlink(writePath)
    TemporaryFiles.unregister(writePath)
  }
}

/// A file's identity on its device, to tell whether two paths name the same file.
struct FileIdentity: Equatable {
  private let device: UInt64
  private let inode: UInt64
  /// Whether the file is a regular file (not a device, FIFO, socket or directory).
  let isRegularFile: Bool
  /// Whether the file is a directory.
  let isDirectory: Bool

  /// The identity of the file at `path` (links followed), or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    isRegularFile = info.st_mode & S_IFMT == S_IFREG
    isDirectory = info.st_mode & S_IFMT == S_IFDIR
  }

  static func == (a: Self, b: Self) -> Bool { a.device == b.device && a.inode == b.inode }
}
