// `replay --format html` as a user runs it: one self-contained file with its plots and the
// markdown report's tables, drawn by a real headless Chromium when one is installed.

import Foundation
import Testing

@Suite struct HTMLReportCLITests {
  static func report(_ trace: String, engine: String) throws -> (path: String, html: String) {
    let directory = try CLI.temporaryDirectory()
    let path = directory.appendingPathComponent("report.html").path
    let run = try CLI.run(["replay", trace, "--engine", engine, "--format", "html", "-o", path])
    #expect(run.status == 0, "\(run.stderr)")
    return (path, try String(contentsOfFile: path, encoding: .utf8))
  }

  static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test func thePageHoldsThePlotsAndTheMarkdownTablesAndNeedsNoNetwork() throws {
    let (_, html) = try Self.report("Traces/pager-rotation.sctrace", engine: "paging@1")
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(Self.count("<svg class=\"plot\"", in: html) == 3)
    #expect(Self.count("<polyline class=\"series\"", in: html) >= 3)  // offset x and y, live views, pool
    // The rotation's jump and the seam-resting glitch are marked on the offset plot.
    #expect(html.contains("<title>offset jump of 400.0 pt (resize) at frame 183</title>"))
    #expect(Self.count("<circle class=\"mark\"", in: html) == 1)
    #expect(Self.count("<rect class=\"bar\"", in: html) >= 1)
    // The markdown report's tables, cell for cell.
    let markdown = try CLI.run(["replay", "Traces/pager-rotation.sctrace", "--engine", "paging@1", "--format", "markdown"]).stdout
    let markdownRows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") && !$0.hasPrefix("|---") && !$0.hasPrefix("|--") }
    #expect(Self.count("<tr>", in: html) == markdownRows.count)
    // Nothing is fetched: no scripts, no links, no external sources.
    for external in ["<script", "src=", "href=", "@import", "url("] { #expect(!html.contains(external), "\(external)") }
    #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
  }

  @Test func thePageIsDeterministic() throws {
    let a = try Self.report("Traces/cardfeed-mixed.sctrace", engine: "cardfeed@1").html
    let b = try Self.report("Traces/cardfeed-mixed.sctrace", engine: "cardfeed@1").html
    // The host timings line is the one part that varies between runs.
    func stable(_ text: String) -> String {
      text.split(separator: "\n").filter { !$0.contains("Host (this machine") }.joined(separator: "\n")
    }
    #expect(stable(a) == stable(b))
  }

  @Test func aDiffIsAPageOfItsTablesToo() throws {
    let run = try CLI.run([
      "diff", "--baseline", "cardfeed@1", "--candidate", "cardfeed@2", "Traces/cardfeed-mixed.sctrace", "--no-timings",
      "--format", "html",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("<!DOCTYPE html>"))
    #expect(run.stdout.contains("<table>"))
    #expect(run.stdout.contains("work.viewsCreated"))
    #expect(!run.stdout.contains("<script"))
  }

  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Debian's Chromium renders the page headless and offline; the screenshot of the report holds
  /// far more ink than that of an empty page the same size.
  @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install -y chromium); scripts/check-html-report is the same check"))
  func headlessChromiumDrawsThePlots() throws {
    let (path, _) = try Self.report("Traces/nested-container.sctrace", engine: "nested@1")
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    let blank = directory.appendingPathComponent("blank.html").path
    try "<!DOCTYPE html><html><body></body></html>".write(toFile: blank, atomically: true, encoding: .utf8)
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
