// scrolltrace fuzz suite — hostile strings through every page renderer.

import Analyze
import FuzzSupport
import Pipeline
import Presentation
import Replay
import TraceIngest

/// A report of a sample replay, made once: each input changes its strings.
enum Base {
  nonisolated(unsafe) static var report: Report?
  nonisolated(unsafe) static var budget: Budget?

  static func make() {
    guard
      let engine = EngineRegistry.builtIn.entry(named: "cardfeed@1"),
      let replay = try? TraceReplay(
        TraceSource(path: "Traces/cardfeed-mixed.sctrace"), engine: engine,
        settings: ReplaySettings()),
      let budgetBytes = FuzzInput.file("Budgets/samples.json")
    else {
      fatalError("FuzzPages: run from the repository's root (Traces/cardfeed-mixed.sctrace)")
    }
    budget = try? Budget(json: budgetBytes)
    report = Report(
      engine: engine.descriptor, settings: ReplaySettings().analysis, modelOptions: [],
      traces: [replay.section], total: replay.analysis.summary,
      hostTotal: replay.analysis.host.summary)
  }
}

/// `bytes` as the tool keeps a file name: valid UTF-8 as it is, every other byte as the scalar
/// U+10FF00 + byte (docs/files.md, "Names are bytes").
func name(_ bytes: ArraySlice<UInt8>) -> String {
  var scalars = String.UnicodeScalarView()
  var decoder = UTF8()
  var iterator = bytes.makeIterator()
  var pending = Array(bytes)[...]
  while !pending.isEmpty {
    iterator = pending.makeIterator()
    switch decoder.decode(&iterator) {
    case .scalarValue(let scalar):
      scalars.append(scalar)
      pending = pending.dropFirst(String(scalar).utf8.count)
    case .error, .emptyInput:
      if let byte = pending.first, let scalar = Unicode.Scalar(0x10_FF00 + UInt32(byte)) {
        scalars.append(scalar)
      }
      pending = pending.dropFirst()
    }
  }
  return String(scalars)
}

/// The input's strings: NUL-separated, each at most 300 bytes, bytes that are not UTF-8 kept as a
/// file name keeps them; a fixed hostile string stands in for each one missing.
func strings(_ bytes: [UInt8]) -> [String] {
  var parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(12).map {
    name($0.prefix(300))
  }
  let fallback = "<script>alert(1)</script>|`x`"
  while parts.count < 12 { parts.append(fallback + "\(parts.count)") }
  return parts
}

/// `check` on `page`, trapping with what it found and the strings that put it there.
func expectClean(
  _ problem: String?, _ what: String, _ page: String, _ inputs: [String]
) {
  guard let problem else { return }
  fatalError(
    "\(what): \(problem)\ninputs: \(inputs.map { String(reflecting: $0) })\npage: \(page.prefix(4000))"
  )
}

/// libFuzzer's entry point: hostile strings through the pages the first byte picks.
///
/// The input's first byte picks the pages (a replay's markdown and
/// HTML; a diff's, from the report or from its saved JSON; a gate's markdown; a history's check
/// and pages), the rest is up to twelve NUL-separated strings, put in every string field those
/// pages show — a trace's path, its device and metadata, the engine's name, summary and source,
/// reuse identifiers, a skipped trace and its reason, model options, a comparison's labels, a
/// history's branch, engine, trace and revisions. Every page is then read for markup the tool did
/// not write (``PageCheck``); finding any traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0, var report = Base.report, let budget = Base.budget else { return 0 }
  let input = FuzzInput.bytes(start, count)
  let s = strings(Array(input.dropFirst()))
  report.engine.name = s[0]
  report.engine.summary = s[1]
  report.engine.source = s[2]
  report.traces[0].identity.path = s[3]
  report.traces[0].identity.device.name = s[4]
  report.traces[0].identity.metadata = [s[5]: s[6]]
  report.traces[0].identity.contentHash = s[7]
  if !report.traces[0].summary.reuse.identifiers.isEmpty {
    report.traces[0].summary.reuse.identifiers[0].identifier = s[8]
  }
  report.skipped = [SkippedTrace(path: s[9], reason: s[10])]
  report.modelOptions = [.init(name: s[11], value: s[0])]
  let side = RunMetrics(label: s[1], report: report)
  var other = side
  other.label = s[2]
  switch input[0] % 5 {
  case 0:
    expectClean(PageCheck.markdown(report.markdown), "replay markdown", report.markdown, s)
    let html = report.html(plots: [])
    expectClean(PageCheck.html(html), "replay html", html, s)
  case 1, 2:
    // The candidate as diff reads a saved report: its JSON, read back.
    if input[0] % 5 == 2,
      let saved = try? RunMetrics(reportJSON: Array(report.json.utf8), label: s[10])
    {
      other = saved
    }
    let diff = ReportDiff(baseline: side, candidate: other)
    expectClean(PageCheck.markdown(diff.markdown), "diff markdown", diff.markdown, s)
    let html = diff.html()
    expectClean(PageCheck.html(html), "diff html", html, s)
  case 3:
    if let verdict = try? GateVerdict(budget: budget, candidate: other, baseline: side) {
      expectClean(PageCheck.markdown(verdict.markdown), "gate markdown", verdict.markdown, s)
    }
  default:
    // A history whose branch, engine, trace and revisions are the strings.
    let values: [Double] = [3, 3, 3, 9, 9, 9]
    let series = [
      HistorySeries(
        branch: s[4], engine: s[0], trace: s[3], metric: "work.viewsCreated",
        points: values.enumerated().map { index, value in
          HistoryPoint(revision: s[(5 + index) % s.count], time: Int64(index), value: value)
        })
    ]
    let check = HistoryCheck()
    let result = check.run(series)
    let checkMarkdown = result.markdown(check)
    expectClean(PageCheck.markdown(checkMarkdown), "history check markdown", checkMarkdown, s)
    let table = HistoryTable.render(series, last: 20, markdown: true)
    expectClean(PageCheck.markdown(table), "history show markdown", table, s)
    let page = HistoryHTML.page(series, result: result, check: check)
    expectClean(PageCheck.html(page), "history show html", page, s)
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzPages_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  Base.make()
  return FuzzDriver.run(argc, argv, fuzz)
}
