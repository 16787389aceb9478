// scrolltrace fuzz suite — command lines, run by the tool as a user runs it, in a sandbox folder.

import FuzzSupport
import Replay
import ScrollTraceCLI

#if canImport(Glibc)
import Glibc
#endif

/// The verbs a command line starts with (the input's first byte picks one; `help` and
/// `--version` are among them, so the root command is parsed too).
let verbs = [
  "replay", "info", "diff", "gate", "export", "dump", "convert", "synth", "import", "engines",
  "metrics", "help", "--version", "calibrate", "baseline", "history",
]

/// The tool, with the built-in engines, as `scrolltrace` runs it.
let tool = ScrollTraceTool(engines: EngineRegistry.builtIn)

/// The files a command line can name, copied from the repository into the sandbox (and copied
/// again before every input, as an output may have replaced one): a trace, a folder with one, a
/// saved report, a budget, a gesture script, a touch log, a recording with observed frames, a cost
/// model, a touch log with an Android framestats dump of the same recording, three Instruments
/// exports (frames on glass, vsyncs, hitches), a results store, a link to the report and a
/// dangling link.
enum Sandbox {
  static let fixtures: [(name: String, source: String)] = [
    ("t.sctrace", "Traces/pager-rotation.sctrace"),
    ("d/c.sctrace", "Traces/cardfeed-mixed.sctrace"),
    ("r.json", "Tests/Goldens/cardfeed-mixed.cardfeed@1.report.json"),
    ("b.json", "Budgets/samples.json"),
    ("s.json", "Traces/scripts/pager-rotation.json"),
    ("g.txt", "Fuzz/Corpus/FuzzImportGetevent/log1.txt"),
    ("o.sctrace", "Traces/observed/cardfeed-device-1.sctrace"),
    ("c.json", "Traces/observed/device-costs.json"),
    ("p.txt", "Recordings/monkeyhelper-getevent/raw/Phone/phone-single-drag.txt"),
    ("f.txt", "Traces/framestats/phone-single-drag.android13.txt"),
    ("i.xml", "Traces/instruments/display-surface-swap.xml"),
    ("v.xml", "Traces/instruments/display-vsyncs-interval.xml"),
    ("k.xml", "Traces/instruments/hitches.xml"),
  ]
  nonisolated(unsafe) static var contents: [[UInt8]] = []
  /// `h.sqlite`: a results store with the baseline `main` and four runs of `main`, made by the tool
  /// when the sandbox is.
  nonisolated(unsafe) static var store: [UInt8] = []
  nonisolated(unsafe) static var folder = ""

  /// Reads the fixtures (run from the repository's root, as scripts/fuzz does), makes the sandbox
  /// and enters it; standard input reads as empty.
  static func make() {
    contents = fixtures.map { fixture in
      guard let bytes = read(fixture.source) else {
        fatalError("FuzzCommandLine: run from the repository's root (no \(fixture.source))")
      }
      return bytes
    }
    var template = Array("/tmp/scrolltrace-fuzz-cli-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("FuzzCommandLine: no sandbox") }
    folder = String(cString: made)
    guard chdir(folder) == 0 else { fatalError("FuzzCommandLine: cannot enter \(folder)") }
    atexit { Sandbox.remove() }
    let null = open("/dev/null", O_RDONLY)
    dup2(null, 0)
    close(null)
    reset()
    var commands = [
      ["baseline", "save", "main", "r.json", "--store", "h.sqlite", "--revision", "r0"]
    ]
    for run in 1...4 {
      commands.append([
        "history", "add", "r.json", "--store", "h.sqlite", "--branch", "main", "--revision",
        "r\(run)", "--time", "\(run)",
      ])
    }
    for command in commands where tool.run(command) != 0 {
      fatalError("FuzzCommandLine: cannot make the store: \(command)")
    }
    guard let bytes = read("h.sqlite") else { fatalError("FuzzCommandLine: no store made") }
    store = bytes
    reset()
  }

  /// Removes what the last input made and writes the fixtures again.
  ///
  /// A temporary output left behind (`.scrolltrace-…`) is a bug in the tool: it traps, so that
  /// libFuzzer saves the input. A file of that name that the command line itself names (`-o
  /// .scrolltrace-x`) is the user's output, not a temporary.
  static func reset(named arguments: [String] = []) {
    let named = Set(arguments.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
    for name in entries(".") + entries("d").map({ "d/" + $0 }) {
      if name.hasPrefix(".scrolltrace-") || name.hasPrefix("d/.scrolltrace-"),
        !named.contains(name)
      {
        fatalError("FuzzCommandLine: the run left the temporary \(name) behind")
      }
      if name != "d" { _ = unlink(name) }
    }
    mkdir("d", 0o755)
    for (fixture, bytes) in zip(fixtures, contents) {
      let descriptor = open(fixture.name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    if !store.isEmpty {
      let descriptor = open("h.sqlite", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      _ = store.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    symlink("r.json", "link.json")
    symlink("missing.json", "dangling.json")
  }

  /// Removes the sandbox (at exit).
  static func remove() {
    for name in entries(".") + entries("d").map({ "d/" + $0 }) where name != "d" {
      _ = unlink(name)
    }
    rmdir("d")
    rmdir(folder)
  }

  /// Whether `argument` stays in the sandbox: no `..`, and no absolute path but /dev/null and
  /// the names of standard output and error.
  static func isContained(_ argument: String) -> Bool {
    if argument.split(separator: "/").contains("..") { return false }
    guard argument.hasPrefix("/") else { return true }
    return [
      "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/2", "/proc/self/fd/1",
      "/proc/self/fd/2",
    ].contains(argument)
  }

  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  private static func entries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// libFuzzer's entry point: the first byte picks the verb, the rest are its arguments separated by
/// NUL bytes.
///
/// The tool runs them as `scrolltrace VERB ARGS…` would, in the sandbox; any status
/// but 0, 1 (a gate's verdict) or 2 (an error), or a temporary left behind, is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let verb = verbs[Int(bytes[0]) % verbs.count]
  let arguments =
    [verb]
    + bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  guard arguments.allSatisfy(Sandbox.isContained) else { return 0 }
  let status = tool.run(count == 1 ? [verb] : arguments)
  guard (0...2).contains(status) else {
    fatalError("FuzzCommandLine: exit status \(status) for \(arguments)")
  }
  Sandbox.reset(named: arguments)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input,
/// with the tool's standard output and error sent to /dev/null (`-close_fd_mask=3`; libFuzzer
/// keeps its own reports).
@_cdecl("FuzzCommandLine_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  // libFuzzer reads its folders (the corpus, -artifact_prefix=) after the harness has entered
  // the sandbox: make them absolute first.
  var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let here = getcwd(&folder, folder.count).map { String(cString: $0) } ?? "."
  var arguments: [UnsafeMutablePointer<CChar>?] = (0..<Int(argc)).map { index in
    guard index > 0, let argument = argv[index].map({ String(cString: $0) }) else {
      return argv[index]
    }
    let flag = argument.hasPrefix("-") ? argument.split(separator: "=", maxSplits: 1) : []
    let value = flag.count == 2 ? String(flag[1]) : (argument.hasPrefix("-") ? "" : argument)
    guard !value.isEmpty, !value.hasPrefix("/"), value.contains("/") || access(value, F_OK) == 0
    else { return argv[index] }
    return strdup((flag.count == 2 ? flag[0] + "=" : "") + here + "/" + value)
  }
  Sandbox.make()
  let mask = strdup("-close_fd_mask=3")
  arguments.append(mask)
  arguments.append(nil)
  return arguments.withUnsafeMutableBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return 1 }
    return FuzzDriver.run(argc + 1, base, fuzz)
  }
}
