// scrolltrace fuzz suite — saved reports through the report reader `diff` and `gate` use.

import Analyze
import FuzzSupport
import Presentation

/// libFuzzer's entry point: the input is a saved JSON report (`scrolltrace diff a.json b.json`),
/// read through the same size-capped reader (`RunMetrics.maximumReportSize`).
///
/// A report that reads
/// is diffed against itself and rendered in every format, as `diff` does; a report that regresses
/// against itself is a bug, and traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  guard let side = try? RunMetrics(reportJSON: FuzzInput.bytes(start, count), label: "fuzz") else {
    return 0
  }
  let diff = ReportDiff(baseline: side, candidate: side)
  if let row = diff.regressions.first {
    fatalError("a report regressed against itself: \(row.metric)")
  }
  _ = diff.table.count + diff.markdown.count + diff.json.count
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzSavedReport_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
