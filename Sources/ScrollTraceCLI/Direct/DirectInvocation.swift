// scrolltrace — the three commands a CI job runs again and again, read without reflection.

/// The common forms of the commands a CI job, a nightly history or a fleet worker runs many
/// times — `info` of traces, `history add` of one report, `gate` of saved reports — read directly
/// from the arguments, each into the request its command makes from swift-argument-parser's parse.
///
/// argument-parser learns a command's options by reflecting on the command (`Mirror`) and casting
/// each property to its protocols; each first cast makes the Swift runtime search every protocol
/// conformance in the binary, about 290,000 instructions, and parsing `info` asked it about 45
/// times, `gate` about 85 (13.5 M and 28.1 M instructions, against 2.0 M and 6.2 M for the
/// commands' own work; docs/performance.md). These forms skip it:
///
/// - `info [--json] [--recover] TRACE...`
/// - `history add REPORT --store FILE --branch NAME --revision REV [--time T] [--engine NAME]
///   [--runner TEXT]`
/// - `gate --budget FILE [BASE.json] CAND.json [--junit FILE] [--markdown FILE] [--strict]`
///
/// with the options in any order. Anything else — another option, one given twice, a value that
/// starts with `-`, `--name=value`, help, a time that does not read, a missing required option —
/// is `nil`, and argument-parser reads it (and says what is wrong) as before.
/// `DirectInvocationTests` checks that each form read here makes the request argument-parser's
/// parse makes, and that the tool prints and writes the same either way.
enum DirectInvocation: Equatable {
  case info(InfoRequest)
  case historyAdd(HistoryAddRequest)
  case gate(GateRequest)

  /// The request `arguments` (without the program's name, split by ``ManyPaths``) make, or nil
  /// when they are not one of the forms read here.
  init?(_ arguments: [String]) {
    switch arguments.first {
    case "info":
      guard
        let words = DirectArguments(
          arguments.dropFirst(), valued: [], flags: ["--json", "--recover"]),
        !words.positional.isEmpty
      else { return nil }
      self = .info(
        InfoRequest(
          traces: words.positional, json: words.flags.contains("--json"),
          read: ReadSettings(recover: words.flags.contains("--recover"))))
    case "history":
      guard arguments.count > 1, arguments[1] == "add",
        let words = DirectArguments(
          arguments.dropFirst(2),
          valued: ["--store", "--branch", "--revision", "--time", "--engine", "--runner"],
          flags: []),
        words.positional.count == 1, let store = words.values["--store"],
        let branch = words.values["--branch"], let revision = words.values["--revision"]
      else { return nil }
      // A time that does not read is argument-parser's to report (`RunStamp.validate()`).
      if let time = words.values["--time"], (try? RunStamp.seconds(time)) == nil { return nil }
      self = .historyAdd(
        HistoryAddRequest(
          report: words.positional[0], store: store, branch: branch, revision: revision,
          time: words.values["--time"], runner: words.values["--runner"],
          engine: words.values["--engine"]))
    case "gate":
      guard
        let words = DirectArguments(
          arguments.dropFirst(), valued: ["--budget", "--junit", "--markdown"],
          flags: ["--strict"]),
        let budget = words.values["--budget"]
      else { return nil }
      // Paths past ManyPaths' threshold come back after those parsed, as `--files-from`'s do.
      let reports = FileListOptions.given(words.positional)
      guard (1...2).contains(reports.count) else { return nil }
      self = .gate(
        GateRequest(
          budget: budget, reports: reports, junit: words.values["--junit"],
          markdown: words.values["--markdown"], strict: words.flags.contains("--strict")))
    default:
      return nil
    }
  }

  /// Runs the request, as its command's `run()` does.
  func run() throws {
    switch self {
    case .info(let request): try request.run()
    case .historyAdd(let request): try request.run()
    case .gate(let request): try request.run()
    }
  }
}
