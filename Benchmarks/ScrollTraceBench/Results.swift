// scrolltrace-bench — the figures of one run, and the targets they are checked against.

import Foundation

/// A target of docs/performance.md and whether this run met it.
struct Target {
  /// What the target asks.
  var name: String
  /// What this run measured.
  var measured: String
  /// Whether the measurement meets the target.
  var isMet: Bool
}

/// Every figure of a run, for `--json`.
struct Results {
  var machine: [String: Any] = [:]
  var traces: [[String: Any]] = []
  var decode: [[String: Any]] = []
  var replay: [[String: Any]] = []
  var memory: [[String: Any]] = []
  var jobs: [String: Any] = [:]
  var field: [[String: Any]] = []
  var layout: [[String: Any]] = []
  var recorder: [String: Any] = [:]
  /// The small commands' instructions and wall time (``StartupCost``).
  var startup: [[String: Any]] = []
  /// The replay reports beside the previous run's (``PreviousReports``).
  var replayComparison: [String: Any] = [:]
  var targets: [Target] = []

  /// Writes the figures as one JSON object to `path`.
  func write(to path: String) throws {
    let object: [String: Any] = [
      "machine": machine, "traces": traces, "decode": decode, "replay": replay, "memory": memory,
      "jobs": jobs,
      "field": field, "layout": layout, "recorder": recorder, "startup": startup,
      "replayComparison": replayComparison,
      "targets": targets.map { ["target": $0.name, "measured": $0.measured, "met": $0.isMet] },
    ]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
  }
}

/// Reading the reports `scrolltrace replay --format json` wrote.
enum ReportFile {
  /// The frames the report's host timings counted (`host.total.frames`).
  static func frames(_ path: String) throws -> Int {
    let object = try load(path)
    guard let host = object["host"] as? [String: Any], let total = host["total"] as? [String: Any],
      let frames = total["frames"] as? Int
    else { throw ChildProcessError(description: "\(path): no host.total.frames in the report") }
    return frames
  }

  /// Whether two reports are equal once their host timings are removed.
  ///
  /// Each is written again with its keys sorted and the bytes compared: `NSDictionary.isEqual(to:)`
  /// called every nested report different in the statically linked build the suite runs
  /// (Swift 6.3's Foundation on Linux), so the target could never be met.
  static func sameApartFromHost(_ first: String, _ second: String) throws -> Bool {
    try canonical(first) == canonical(second)
  }

  /// The report at `path` without its host timings, written with its keys sorted.
  private static func canonical(_ path: String) throws -> Data {
    var report = try load(path)
    report["host"] = nil
    return try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  }

  private static func load(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw ChildProcessError(description: "\(path): not a JSON object")
    }
    return object
  }
}

/// The machine the suite ran on.
struct Machine {
  var text: String
  var json: [String: Any]

  /// Reads the CPU model, core count, memory, kernel and tool versions.
  static func describe(directory: String) -> Machine {
    let cpu =
      firstLine(of: "/proc/cpuinfo", startingWith: "model name").map { value(after: ":", in: $0) }
      ?? "unknown CPU"
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let memory =
      firstLine(of: "/proc/meminfo", startingWith: "MemTotal").map { value(after: ":", in: $0) }
      ?? "?"
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: &name.release) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let zstd = commandOutput(["zstd", "--version"], directory: directory)
    let swift = commandOutput(["swift", "--version"], directory: directory)
    let text = """
      scrolltrace benchmark suite (docs/performance.md)
        machine  \(cpu), \(cores) cores, \(memory) memory, Linux \(kernel)
        tools    \(swift.isEmpty ? "swift: not on PATH" : swift); \(zstd)
      """
    return Machine(
      text: text,
      json: [
        "cpu": cpu, "cores": cores, "memory": memory, "kernel": kernel, "zstd": zstd,
        "swift": swift,
      ])
  }

  private static func firstLine(of path: String, startingWith prefix: String) -> String? {
    guard let bytes = readWholeFile(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first {
      $0.hasPrefix(prefix)
    }.map(String.init)
  }

  private static func value(after separator: Character, in line: String) -> String {
    guard let index = line.firstIndex(of: separator) else { return line }
    return line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
  }

  private static func commandOutput(_ arguments: [String], directory: String) -> String {
    let file = "\(directory)/version.txt"
    guard (try? runChild(arguments, standardOutput: file)) != nil, let bytes = readWholeFile(file)
    else { return "" }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
      ?? ""
  }
}
