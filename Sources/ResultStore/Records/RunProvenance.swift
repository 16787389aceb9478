// scrolltrace — where a stored report came from: the tool that made it, the machine, the runner.

/// What a stored report was made with and on: the tool's version, the machine and the CI runner.
///
/// The engine's name and version are the report's own (``StoredReport/engine``). Each field is
/// text of at most ``maximumLength`` bytes without control characters, empty when not known (a
/// report stored before schema version 2, or a runner that is no CI's).
public struct RunProvenance: Sendable, Hashable {
  /// The tool and its version (`scrolltrace 0.5.0`).
  public var tool: String
  /// The machine: operating system, architecture and cores (`Linux 6.8 x86_64, 2 cores`).
  public var machine: String
  /// The CI runner (`GitHub Actions, ubuntu24 20261120.1, GitHub Actions 12`), or empty.
  public var runner: String

  /// The longest field kept, in bytes.
  public static let maximumLength = 256

  /// A provenance, each field cut to ``maximumLength`` bytes, a control character a space.
  public init(tool: String = "", machine: String = "", runner: String = "") {
    self.tool = Self.cleaned(tool)
    self.machine = Self.cleaned(machine)
    self.runner = Self.cleaned(runner)
  }

  /// Whether nothing is known.
  public var isEmpty: Bool { tool.isEmpty && machine.isEmpty && runner.isEmpty }

  /// `text` with each control character a space, at most ``maximumLength`` bytes of whole
  /// characters.
  static func cleaned(_ text: String) -> String {
    var out = ""
    for character in text {
      let shown =
        character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        ? " " : character
      guard out.utf8.count + shown.utf8.count <= maximumLength else { break }
      out.append(shown)
    }
    return out
  }
}
