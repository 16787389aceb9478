// scrolltrace-bench — the fixed cost of a small command, in instructions counted by callgrind.

/// What one small command costs before and besides its input: instructions counted by callgrind
/// (Valgrind's instruction counter, which repeats on a noisy machine where a clock does not), split
/// at `main` and at argument parsing.
struct StartupCost: Sendable {
  /// Every instruction the process ran, from the loader's first to `exit`.
  var total: Int
  /// Before `main`: the dynamic loader (mapping, relocating and binding the shared libraries) and
  /// the C, C++ and Swift runtimes' start.
  var beforeMain: Int
  /// Reading the arguments: the direct reading of a common form (`DirectInvocation`), and where
  /// that declines, swift-argument-parser's `parseAsRoot` (the command tree, the reflection of each
  /// command's options and the completion-script check).
  var argumentParsing: Int
  /// The rest: the command itself (reading, the work, writing) and the process's exit.
  var command: Int { total - beforeMain - argumentParsing }
}

/// Counting a command's instructions with `valgrind --tool=callgrind`.
enum StartupRun {
  /// Whether Valgrind runs here (`apt-get install valgrind`, which brings `callgrind_annotate`).
  static var isAvailable: Bool {
    (try? runChild(["valgrind", "--version"])) != nil
  }

  /// The instructions `arguments` runs, split as ``StartupCost`` splits them; callgrind's profile
  /// stays at `profile` for `callgrind_annotate`.
  ///
  /// - Throws: `ChildProcessError` when the command fails under callgrind, or the profile holds no
  ///   total.
  static func measure(_ arguments: [String], profile: String) throws -> StartupCost {
    _ = try runChild(
      ["valgrind", "--tool=callgrind", "--callgrind-out-file=\(profile)"] + arguments)
    let annotated = profile + ".txt"
    _ = try runChild(
      ["callgrind_annotate", "--inclusive=yes", "--threshold=100", profile],
      standardOutput: annotated)
    guard let bytes = readWholeFile(annotated) else {
      throw ChildProcessError(description: "callgrind_annotate wrote nothing for \(profile)")
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard let total = count(in: lines, where: { $0.hasSuffix("PROGRAM TOTALS") }) else {
      throw ChildProcessError(description: "\(profile): no PROGRAM TOTALS line")
    }
    // The executable's entry point (SwiftPM names it `<module>_main`), and argument-parser's
    // `ParsableCommand.parseAsRoot(_:)` and `DirectInvocation.init?(_:)` by their mangled names.
    let main = count(in: lines, where: { $0.contains("scrolltrace_main ") }) ?? total
    let parsing =
      (count(in: lines, where: { $0.contains("ParsableCommandPAAE11parseAsRoot") }) ?? 0)
      + (count(in: lines, where: { $0.contains("16DirectInvocationOyACSgSaySSGcfC") }) ?? 0)
    return StartupCost(total: total, beforeMain: total - main, argumentParsing: parsing)
  }

  /// The first count of a line of `callgrind_annotate` output that `matches`: its leading figure,
  /// `12,345,678 (45.67%)  file:function [object]`.
  private static func count(
    in lines: [Substring], where matches: (Substring) -> Bool
  ) -> Int? {
    for line in lines where matches(line) {
      let figure = line.drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }
      if let value = Int(figure.filter { $0 != "," }) { return value }
    }
    return nil
  }
}
