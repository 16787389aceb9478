// scrolltrace — how a verb writes a file it was given: whole or not at all, through links, never
// over a device, a link or an input.

import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a verb writes a file it was given with `-o` (or `--timeline`, `--junit`…), and how.
///
/// The rules, the same for every verb (docs/README's "Not files" notes state them):
/// - **Through links.** A symbolic link is followed to the file it names; that file is replaced,
///   never the link.
/// - **Special files directly.** A device, FIFO or socket (`/dev/null`, a terminal, a pipe), and
///   the names of open descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`),
///   are opened and written as they are: never renamed over, never removed.
/// - **Regular files atomically.** A regular file, or a new one, is written under a short unique
///   temporary name in the same folder (`.scrolltrace-XXXXXX`, so a valid name never becomes too
///   long) and renamed into place by ``commit()``: a failed or interrupted run leaves nothing
///   behind, and the file keeps its permissions. In a folder the user cannot write, an existing
///   writable file is filled from a temporary elsewhere at ``commit()``, as the shell's `>` would.
/// - **Never an input, never twice.** An output that is one of the verb's inputs, or that another
///   output of the same run names — compared by device and inode, or by resolved path for files
///   not yet made — is refused before anything is written.
struct OutputFile {
  /// How the file is written.
  enum Plan: Equatable {
    /// Opened and written as it is (a device, a FIFO, an open descriptor's name).
    case direct
    /// Written to `temporary` in the target's folder, renamed over `target` at commit.
    case replace(target: String, temporary: String)
    /// Written to `temporary` elsewhere, copied into the existing `target` at commit (its folder
    /// is not writable).
    case copyInto(target: String, temporary: String)
  }

  /// The path the user named.
  let path: String
  /// How it is written.
  let plan: Plan

  /// The path to open for writing: the temporary, or ``path`` itself for a special file.
  var writePath: String {
    switch plan {
    case .direct: path
    case .replace(_, let temporary), .copyInto(_, let temporary): temporary
    }
  }

  /// Decides how to write `path`, and claims it for this run.
  ///
  /// - Throws: ``InputFailure`` when `path` is empty, names a directory, one of `inputs` (the same
  ///   file, through any name or link) or an output this run already writes, or when no temporary
  ///   can be made beside it.
  init(_ path: String, inputs: [String]) throws {
    guard !path.isEmpty else { throw InputFailure("the output path is empty") }
    self.path = path
    let target = Self.resolved(path)
    let identity = FileIdentity(path: target)
    if let identity, identity.isDirectory {
      throw InputFailure("\(path): cannot write the output: it is a directory")
    }
    if let identity {
      for input in inputs where FileIdentity(path: input) == identity {
        throw InputFailure(
          "\(path): the output is also an input (\(input)); refusing to overwrite it")
      }
    }
    let absolute = Self.absolute(target)
    guard ToolRun.current.claimFile(identity, absolute: absolute) else {
      throw InputFailure("\(path): two outputs of this run name the same file")
    }
    if Self.isDescriptorName(path) || (identity.map { !$0.isRegularFile } ?? false) {
      plan = .direct
      return
    }
    plan = try Self.temporaryPlan(for: target, exists: identity != nil)
  }

  /// Moves the finished file into place (nothing to do for a special file).
  func commit() throws {
    switch plan {
    case .direct:
      return
    case .replace(let target, let temporary):
      defer { TemporaryFiles.unregister(temporary) }
      let renamed = PathName.withCString(temporary) { from in
        PathName.withCString(target) { to in rename(from, to) }
      }
      guard renamed == 0 else {
        let reason = String(cString: strerror(errno))
        PathName.withCString(temporary) { _ = unlink($0) }
        throw InputFailure("\(path): cannot move the output into place: \(reason)")
      }
    case .copyInto(let target, let temporary):
      defer {
        PathName.withCString(temporary) { _ = unlink($0) }
        TemporaryFiles.unregister(temporary)
      }
      try Self.copy(temporary, into: target, naming: path)
    }
  }

  /// Removes the unfinished file (a special file is left alone).
  func discard() {
    switch plan {
    case .direct: return
    case .replace(_, let temporary), .copyInto(_, let temporary):
      PathName.withCString(temporary) { _ = unlink($0) }
      TemporaryFiles.unregister(temporary)
    }
  }

  // MARK: - Deciding

  /// Whether `path` names an open descriptor: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
  /// `/proc/self/fd/N` or `/proc/PID/fd/N`.
  ///
  /// Such a name resolves to a pipe or a file the shell
  /// opened; it is written directly, since replacing it would replace the link itself.
  static func isDescriptorName(_ path: String) -> Bool {
    if path == "/dev/stdout" || path == "/dev/stderr" { return true }
    let parts = path.split(separator: "/")
    if parts.count == 3, parts[0] == "dev", parts[1] == "fd", Int(parts[2]) != nil { return true }
    return parts.count == 4 && parts[0] == "proc" && parts[2] == "fd" && Int(parts[3]) != nil
      && (parts[1] == "self" || Int(parts[1]) != nil)
  }

  /// The file `path` names once symbolic links are followed: the link's target, even when that
  /// target does not exist yet; the path itself when nothing links.
  static func resolved(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {  // The kernel's own limit on links followed (ELOOP).
      var info = stat()
      let isLink =
        PathName.withCString(current) { lstat($0, &info) } == 0
        && info.st_mode & S_IFMT == S_IFLNK
      guard isLink else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = PathName.withCString(current) { readlink($0, &buffer, buffer.count - 1) }
      guard count > 0 else { return current }
      let target = PathName.string(
        fromBytes: buffer[0..<count].map { UInt8(bitPattern: $0) })
      if target.hasPrefix("/") {
        current = target
      } else {
        let folder = current.split(separator: "/", omittingEmptySubsequences: false).dropLast()
          .joined(separator: "/")
        current = (folder.isEmpty && !current.hasPrefix("/") ? "" : folder + "/") + target
      }
    }
    return current
  }

  /// `path` as an absolute path with its folder's links resolved (`./R.json` and `R.json` are one
  /// file), for comparing files that do not exist yet.
  static func absolute(_ path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let name = parts.last.map(String.init) ?? path
    let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
    guard
      let resolved = PathName.withCString(folder.isEmpty ? "/" : folder, { realpath($0, nil) })
    else { return path }
    defer { free(resolved) }
    let base = PathName.string(fromCString: resolved)
    return (base == "/" ? "" : base) + "/" + name
  }

  /// A temporary beside `target` (or, when its folder cannot be written and the file exists and
  /// can, in the system's temporary folder), registered for removal on a signal.
  private static func temporaryPlan(for target: String, exists: Bool) throws -> Plan {
    let parts = target.split(separator: "/", omittingEmptySubsequences: false)
    let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
    let beside = (folder.isEmpty ? "" : folder) + "/.scrolltrace-XXXXXX"
    if let temporary = makeTemporary(beside, mode: existingMode(target)) {
      return .replace(target: target, temporary: temporary)
    }
    let besideError = errno
    let writable = PathName.withCString(target) { access($0, W_OK) } == 0
    if exists, writable, besideError == EACCES || besideError == EPERM || besideError == EROFS {
      let folder = ToolRun.current.environment["TMPDIR"] ?? "/tmp"
      if let temporary = makeTemporary(folder + "/.scrolltrace-XXXXXX", mode: 0o600) {
        return .copyInto(target: target, temporary: temporary)
      }
    }
    throw InputFailure(
      "\(target): cannot create the output beside it: \(String(cString: strerror(besideError)))")
  }

  /// The permission bits the output gets: the existing file's, or a new file's under the umask.
  private static func existingMode(_ target: String) -> mode_t {
    var info = stat()
    if PathName.withCString(target, { stat($0, &info) }) == 0 { return info.st_mode & 0o7777 }
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }

  /// A new empty file from `template` (ending in `XXXXXX`) with `mode`, closed and registered;
  /// its path, or nil with `errno` set.
  private static func makeTemporary(_ template: String, mode: mode_t) -> String? {
    var bytes = PathName.bytes(template).map { CChar(bitPattern: $0) }
    bytes.append(0)
    let descriptor = mkstemp(&bytes)
    guard descriptor >= 0 else { return nil }
    fchmod(descriptor, mode)
    close(descriptor)
    let path = PathName.string(fromBytes: bytes.dropLast().map { UInt8(bitPattern: $0) })
    TemporaryFiles.register(path)
    return path
  }

  /// Copies `temporary` into the existing file `target`, truncating it first.
  private static func copy(_ temporary: String, into target: String, naming path: String) throws {
    let source = PathName.withCString(temporary) { open($0, O_RDONLY) }
    let destination = PathName.withCString(target) { open($0, O_WRONLY | O_TRUNC) }
    defer {
      if source >= 0 { close(source) }
      if destination >= 0 { close(destination) }
    }
    guard source >= 0, destination >= 0 else {
      throw InputFailure("\(path): cannot write the output: \(String(cString: strerror(errno)))")
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
      if count == 0 { return }
      guard count > 0 else {
        throw InputFailure("\(path): cannot write the output: \(String(cString: strerror(errno)))")
      }
      var written = 0
      while written < count {
        let step = buffer.withUnsafeBytes { raw in
          write(destination, raw.baseAddress.map { $0 + written }, count - written)
        }
        guard step > 0 else {
          throw InputFailure(
            "\(path): cannot write the output: \(String(cString: strerror(errno)))")
        }
        written += step
      }
    }
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
    guard PathName.withCString(path, { stat($0, &info) }) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    isRegularFile = info.st_mode & S_IFMT == S_IFREG
    isDirectory = info.st_mode & S_IFMT == S_IFDIR
  }

  static func == (a: Self, b: Self) -> Bool { a.device == b.device && a.inode == b.inode }
}
