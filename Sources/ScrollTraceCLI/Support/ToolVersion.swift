// scrolltrace — the tool's version.

/// The tool's version: what `--version` prints, and what a calibration file names as the build
/// that fitted it.
enum ToolVersion {
  /// The version of this build (semantic versioning; CHANGELOG.md's latest release).
  static let current = "0.5.0"

  /// The running tool's name and version, as a file it writes credits them
  /// (`scrolltrace 0.5.0`).
  static var credit: String { "\(ToolName.current) \(current)" }
}
