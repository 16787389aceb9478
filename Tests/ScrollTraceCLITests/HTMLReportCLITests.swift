// `replay --format html` as a user runs it: one self-contained file with its plots and the
// markdown report's tables, drawn by a real headless Chromium when one is installed.

import Foundation
import TestSupport
import Testing

@Suite struct HTMLReportCLITests {
  static func report(_ trace: String, engine: String) throws -> (path: String, html: String) {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("report.html").path
    let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "html", "-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    return (path, try String(contentsOfFile: path, encoding: .utf8))
  }

  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func thePageHoldsThePlotsAndTheMarkdownTablesAndNeedsNoNetwork() throws {
    let (_, html) = try Self.report("Traces/pager-rotation.sctrace", engine: "paging@1")
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // Offset, one window up close, frame time over time, histogram, views.
    #expect(Self.count("<svg class=\"plot\"", in: html) == 5)
    // offset x and y, live views, pool
    #expect(Self.count("<polyline class=\"series\"", in: html) >= 3)
    // The rotation's jump and the seam-resting glitch are marked on the offset plot.
    #expect(html.contains("<title>offset jump of 400.0 pt (resize) at frame 183</title>"))
    #expect(Self.count("<circle class=\"mark\"", in: html) == 1)
    #expect(Self.count("<path class=\"bar\"", in: html) >= 1)
    // The markdown report's tables, cell for cell.
    let markdown = try CLI.run([
      "replay", "Traces/pager-rotation.sctrace", "--engine", "paging@1", "--format", "markdown",
    ]).stdout
    let markdownRows = markdown.split(separator: "\n").filter {
      $0.hasPrefix("|") && !$0.hasPrefix("|---") && !$0.hasPrefix("|--")
    }
    // The markdown's tables, and the costliest frames' table (a header and five frames).
    #expect(Self.count("<tr>", in: html) == markdownRows.count + 6)
    // Nothing is fetched: no scripts, no external links or sources; links stay in the page.
    for external in ["<script", "src=", "@import", "url("] {
      #expect(!html.contains(external), "\(external)")
    }
    #expect(html.components(separatedBy: "href=\"").dropFirst().allSatisfy { $0.hasPrefix("#") })
    #expect(
      !html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains(
        "http"))
  }

  /// Issue 19's pictures, each as a reader sees it.
  @Test func aPagerPageShowsItsGridItsFindingsUpCloseAndItsFrameTimes() throws {
    let (_, html) = try Self.report("Traces/pager-rotation.sctrace", engine: "paging@1")
    // Summary first, each trace linked to its plots and back.
    let table = try #require(html.range(of: "<table>"))
    let plot = try #require(html.range(of: "<svg class=\"plot\""))
    #expect(table.lowerBound < plot.lowerBound)
    #expect(
      html.contains("<a href=\"#trace-1\">") && html.contains("id=\"trace-1\"")
        && html.contains("href=\"#summary\""))
    // The page grid: portrait pages of 393 pt, landscape ones of 852 pt.
    #expect(html.contains(">page grid</text>"))
    // The jump and the glitch after it, in one window up close.
    #expect(
      html.contains(
        "<figcaption>offset jump of 400.0 pt (resize) at 1.525 s; boundary glitch 393.0 pt off at 1.925 s</figcaption>"
      ))
    // Frame time over time: the budget and twice it as rules, the first layout apart.
    #expect(html.contains("estimated frame time over time"))
    #expect(html.contains(">budget 8.33 ms</text>") && html.contains(">2× budget</text>"))
    #expect(html.contains(">first layout (not a hitch)</text>"))
    // Round ticks: whole seconds on time axes, the budget on the frame-time axes.
    #expect(html.contains(">7</text>") && html.contains(">8.3</text>"))
    // The histogram: a logarithmic count axis, the longest frame named.
    #expect(html.contains(">frames (log)</text>") && html.contains(">1000</text>"))
    #expect(html.contains("longest frame 7.47 ms at 0.000 s (frame 0, a first layout)"))
  }

  @Test func hitchesAndTheFirstLayoutAreLabelledNotHidden() throws {
    let (_, html) = try Self.report("Traces/nested-container.sctrace", engine: "nested@1")
    #expect(html.contains("<figcaption>hitch: 169.90 ms frame 722 at 12.033 s</figcaption>"))
    #expect(html.contains("<figcaption>hitch: 124.14 ms frame 1050 at 17.500 s</figcaption>"))
    #expect(html.contains("▲ 998.5 ms (first layout)") && html.contains("▲ 169.9 ms"))
    // The frames past four intervals are one labelled bar, not an unlabelled overflow.
    #expect(html.contains(">longer than 66.7 ms</text>"))
    // No page grid on a container.
    #expect(!html.contains(">page grid</text>"))
  }

  @Test func manyTracesOpenOnTheSummaryAndStaySmall() throws {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("many.html").path
    let run = try CLI.run([
      "replay", "Traces/real", "--engine", "paging@2", "--format", "html", "-o", path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let html = try String(contentsOfFile: path, encoding: .utf8)
    for n in 1...6 { #expect(html.contains("<a href=\"#trace-\(n)\">"), "trace \(n)") }
    // Details stay closed when there are several traces; the page holds 6 short traces in 150 KB.
    #expect(!html.contains("<details open>"))
    #expect(html.utf8.count < 150_000, "\(html.utf8.count) bytes")
  }

  @Test func thePageIsDeterministic() throws {
    let a = try Self.report("Traces/cardfeed-mixed.sctrace", engine: "cardfeed@1").html
    let b = try Self.report("Traces/cardfeed-mixed.sctrace", engine: "cardfeed@1").html
    // The host timings line is the one part that varies between runs.
    func stable(_ text: String) -> String {
      text.split(separator: "\n").filter { !$0.contains("Host (this machine") }.joined(
        separator: "\n")
    }
    #expect(stable(a) == stable(b))
  }

  @Test func aDiffIsAPageOfItsTablesToo() throws {
    let run = try CLI.run([
      "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2",
      "Traces/cardfeed-mixed.sctrace", "--no-timings",
      "--format", "html",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("<!DOCTYPE html>"))
    #expect(run.stdout.contains("<table>"))
    #expect(run.stdout.contains("work.viewsCreated"))
    #expect(!run.stdout.contains("<script"))
    // Verdicts coloured as on a terminal; both sides overlaid on the same axes, per trace.
    #expect(
      run.stdout.contains("<td class=\"regressed\">REGRESSED")
        && run.stdout.contains("<td class=\"improved\">improved"))
    #expect(Self.count("<svg class=\"plot\"", in: run.stdout) == 3)
    #expect(run.stdout.contains("contentOffset over time, cardfeed@1 against cardfeed@2"))
    // the baseline, dashed, in each
    #expect(Self.count("stroke-dasharray=\"5 3\"", in: run.stdout) == 3)
    // Saved reports have no frames: the tables alone.
    let directory = try CLI.temporaryDirectory()
    let base = directory.appendingPathComponent("base.json").path
    let head = directory.appendingPathComponent("head.json").path
    _ = try CLI.run([
      "replay", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@1", "--format", "json", "-o",
      base,
    ])
    _ = try CLI.run([
      "replay", "Traces/cardfeed-mixed.sctrace", "--engine", "cardfeed@2", "--format", "json", "-o",
      head,
    ])
    let saved = try CLI.run(["diff", base, head, "--format", "html"])
    #expect(saved.status == 0 && !saved.stdout.contains("<svg"))
  }

  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Debian's Chromium renders the page headless and offline; the screenshot of the report holds
  /// far more ink than that of an empty page the same size.
  @Test(
    .enabled(
      if: chromium != nil,
      "needs Chromium (apt-get install -y chromium); scripts/check-html-report is the same check"))
  func headlessChromiumDrawsThePlots() throws {
    let (path, _) = try Self.report("Traces/nested-container.sctrace", engine: "nested@1")
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    let blank = directory.appendingPathComponent("blank.html").path
    try "<!DOCTYPE html><html><body></body></html>".write(
      toFile: blank, atomically: true, encoding: .utf8)
    func screenshot(_ page: String, _ png: String) -> Int {
      _ = CLI.shell(
        "\(Self.chromium ?? "chromium") --headless --no-sandbox --disable-gpu --hide-scrollbars --disable-background-networking "
          + "--window-size=960,1400 --screenshot=\(png) file://\(page)")
      return ((try? FileManager.default.attributesOfItem(atPath: png))?[.size] as? Int) ?? 0
    }
    let report = screenshot(path, directory.appendingPathComponent("report.png").path)
    let empty = screenshot(blank, directory.appendingPathComponent("blank.png").path)
    #expect(empty > 0, "Chromium wrote no screenshot")
    #expect(report > 8 * empty, "report \(report) bytes, blank \(empty) bytes")
  }
}
