// scrolltrace — a stand-in for another build of the tool: a shell script that answers `replay`
// with reports it was given, and logs each run.

import Foundation

/// An executable that answers `replay --engine E … -o PATH -- TRACES` as a build of the tool
/// would.
///
/// It appends `E` to its log and copies the report it holds for `E` to `PATH` (for the
/// `n`th run of `E`, `report-E-n.json` when there is one). With `exit-E`, a run of `E` fails with
/// that status and a line on standard error.
struct FakeBuild {
  /// The script's path.
  let path: String
  private let folder: URL

  /// A build in `folder` whose runs of any engine write `report`.
  init(in folder: URL, report: String) throws {
    self.folder = folder
    path = folder.appendingPathComponent("scrolltrace").path
    let script = """
      #!/bin/sh
      dir=$(dirname "$0")
      engine=; out=
      while [ $# -gt 0 ]; do
        case "$1" in
          --engine) engine=$2; shift ;;
          -o) out=$2; shift ;;
          --) break ;;
        esac
        shift
      done
      echo "$engine" >> "$dir/calls.log"
      n=$(grep -cx -- "$engine" "$dir/calls.log")
      if [ -f "$dir/exit-$engine" ]; then
        echo "the build failed on purpose" >&2
        exit "$(cat "$dir/exit-$engine")"
      fi
      if [ -f "$dir/report-$engine-$n.json" ]; then
        cp "$dir/report-$engine-$n.json" "$out"
      elif [ -f "$dir/report-$engine.json" ]; then
        cp "$dir/report-$engine.json" "$out"
      else
        cp "$dir/report.json" "$out"
      fi

      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try set("report.json", report)
  }

  /// Writes `contents` to the file `name` beside the script.
  func set(_ name: String, _ contents: String) throws {
    try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// The engines of the runs so far, in order.
  func calls() throws -> [String] {
    let log = folder.appendingPathComponent("calls.log")
    guard FileManager.default.fileExists(atPath: log.path) else { return [] }
    return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
  }
}
