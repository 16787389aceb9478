// scrolltrace-bench — the replay reports of the suite's previous run, to compare this build's with.

import Foundation

/// The replay reports the suite's previous run wrote, kept in a folder with the build that wrote
/// them: a change that only makes the replay faster must leave every report as it was (host
/// timings aside), so each run compares its reports with the previous run's and then keeps its
/// own for the next.
///
/// Run the suite once before a change and once after it: the second run names the first's build
/// and says, engine by engine, whether the reports are identical.
struct PreviousReports {
  /// The folder: one `<name>.json` per report, and `build.txt` naming the build.
  let directory: String

  /// The build the kept reports came from, if a run kept any.
  var build: String? {
    guard let data = FileManager.default.contents(atPath: "\(directory)/build.txt") else {
      return nil
    }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether `report` equals the kept report called `name` once host timings are removed; `nil`
  /// when no report of that name is kept.
  func matches(_ report: String, name: String) throws -> Bool? {
    let kept = "\(directory)/\(name).json"
    guard FileManager.default.fileExists(atPath: kept) else { return nil }
    return try ReportFile.sameApartFromHost(kept, report)
  }

  /// Keeps `reports` (name → path) as the previous run's, written by `build`.
  ///
  /// They replace the kept ones of those names. Nothing else in the folder is touched (it may be
  /// one the user named), and a kept name that is not a regular file is an error, not replaced.
  func keep(_ reports: [(name: String, path: String)], build: String) throws {
    let files = FileManager.default
    try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, path) in reports {
      let kept = "\(directory)/\(name).json"
      try Self.replaceable(kept)
      try? files.removeItem(atPath: kept)
      try files.copyItem(atPath: path, toPath: kept)
    }
    let buildFile = "\(directory)/build.txt"
    try Self.replaceable(buildFile)
    try Data((build + "\n").utf8).write(to: URL(fileURLWithPath: buildFile), options: .atomic)
  }

  /// Throws unless `path` is missing or a regular file (not a link, a folder or a special file).
  private static func replaceable(_ path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ChildProcessError(
        description:
          "\(path): not a regular file; the suite keeps its reports only in place of its own")
    }
  }

  /// A name for the build of the executable `scrolltrace`: the commit of the checkout it was built
  /// in (`git describe --always --dirty` in its folder, as `.build/release` lies inside the
  /// checkout), the tool's version, and the time.
  static func describeBuild(scrolltrace: String, scratch: String) -> String {
    func output(_ arguments: [String]) -> String? {
      guard (try? runChild(arguments, standardOutput: scratch)) != nil,
        let data = FileManager.default.contents(atPath: scratch)
      else { return nil }
      let text = String(decoding: data, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    let folder = URL(fileURLWithPath: scrolltrace).deletingLastPathComponent().path
    let commit =
      output(["git", "-C", folder, "describe", "--always", "--dirty"]) ?? "no git commit"
    let version = output([scrolltrace, "--version"]) ?? "unknown version"
    let time = ISO8601DateFormatter().string(from: Date())
    return "\(commit), scrolltrace \(version), \(time)"
  }
}
