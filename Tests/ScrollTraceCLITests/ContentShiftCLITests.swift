// scrolltrace — content that changes under the finger, as a user runs it: a 1.4 script made into a
// trace, replayed through MagazineLayout's versions, gated by the feed's budget.

import Foundation
import TestSupport
import Testing

@Suite struct ContentShiftCLITests {
  @Test func theStoryFromScriptToGate() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("scroll-up.sctrace").path
    let synth = try CLI.run(["synth", "Traces/scripts/magazine-scroll-up.json", "-o", trace])
    #expect(synth.status == 0, "\(synth.stderr)")
    #expect(try CLI.run(["info", trace]).stdout.contains("format       1.4"))

    let first = try CLI.run(["replay", trace, "--engine", "magazine@1"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("content shift 15 · 12 under the finger · largest 200.0 pt"))
    #expect(first.stdout.contains("sizeResolved 15"))
    let fixed = try CLI.run(["replay", trace, "--engine", "magazine@2"])
    #expect(fixed.stdout.contains("content shift 0\n"))
    // An engine without item identities has no such line.
    let plain = try CLI.run(["replay", trace, "--engine", "plain"])
    #expect(plain.status == 0 && !plain.stdout.contains("content shift"))

    let gate = ["gate", "--budget", "Budgets/magazine.json", "--candidate"]
    #expect(try CLI.run(gate + ["magazine@4", trace]).status == 0)
    let broken = try CLI.run(gate + ["magazine@3", trace])
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("✗ contentShift.whileTracking on"))
    #expect(broken.stdout.contains("candidate 12 count · limit ≤ 0 count"))
  }

  /// An iOS version chosen on the command line: on iOS 15.1 the layout's target offset is ignored
  /// mid-fling, which the report's settings and content shift show, and `diff` compares.
  @Test func anIOSVersionFromTheCommandLine() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("prepend-fling.sctrace").path
    let script = "Traces/scripts/magazine-prepend-fling.json"
    #expect(try CLI.run(["synth", script, "-o", trace]).status == 0)
    let today = try CLI.run(["replay", trace, "--engine", "magazine@4"])
    #expect(today.status == 0 && today.stdout.contains("content shift 0\n"), "\(today.stdout)")
    let old = try CLI.run(["replay", trace, "--engine", "magazine@4", "--uikit", "ios15.1"])
    #expect(old.status == 0, "\(old.stderr)")
    #expect(old.stdout.contains("model: uikit ios15.1\n"), "\(old.stdout)")
    #expect(old.stdout.contains("content shift 1 · 0 under the finger"), "\(old.stdout)")
    let json = try CLI.run([
      "replay", trace, "--engine", "magazine@4", "--uikit", "ios15.1", "--format", "json",
    ])
    #expect(json.stdout.contains(#""model":{"uikit":"ios15.1"}"#), "\(json.stdout.prefix(600))")
  }

  /// Cells prepared before they appear (`--prepared-margin`, prefetching's reach): #129's anchor is
  /// then never the cell being sized, and the jump #137 reports scrolling up is gone.
  @Test func aPreparedMarginSizesCellsBeforeTheyAppear() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("scroll-up.sctrace").path
    #expect(
      try CLI.run(["synth", "Traces/scripts/magazine-scroll-up.json", "-o", trace]).status == 0)
    let visible = try CLI.run(["replay", trace, "--engine", "magazine@3"])
    #expect(visible.stdout.contains("content shift 15 · 12 under the finger"), "\(visible.stdout)")
    let ahead = try CLI.run(["replay", trace, "--engine", "magazine@3", "--prepared-margin", "300"])
    #expect(ahead.status == 0, "\(ahead.stderr)")
    #expect(ahead.stdout.contains("model: preparedMargin 300\n"), "\(ahead.stdout)")
    #expect(ahead.stdout.contains("content shift 0\n"), "\(ahead.stdout)")
  }

  /// A prepend is a batch update in the trace, as `dump` shows it.
  @Test func aPrependIsABatchUpdate() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("prepend.sctrace").path
    let script = "Traces/scripts/magazine-prepend.json"
    #expect(try CLI.run(["synth", script, "-o", trace]).status == 0)
    let dump = try CLI.run(["dump", trace])
    let edits = dump.stdout.split(separator: "\n").filter { $0.contains(#""op":"batchUpdate""#) }
    #expect(edits.count == 1)
    #expect(edits.first?.contains(#""inserts":[{"index":0,"item":{"length":150"#) == true)
  }

  /// The keyboard as a user meets it: a 1.5 script made into a trace, dumped, and replayed on
  /// ChatLayout's versions, which keep the last message above it.
  @Test func theKeyboardFromScriptToReplay() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("keyboard.sctrace").path
    let synth = try CLI.run(["synth", "Traces/scripts/chat-keyboard.json", "-o", trace])
    #expect(synth.status == 0, "\(synth.stderr)")
    let info = try CLI.run(["info", trace]).stdout
    #expect(info.contains("format       1.5") && info.contains("keyboard 3"), "\(info)")
    let dump = try CLI.run(["dump", trace]).stdout
    #expect(
      dump.contains(
        #""kind":"keyboard","overlap":336,"duration_ns":250000000,"curve":"keyboard""#))
    let kept = try CLI.run(["replay", trace, "--engine", "chat@3"])
    #expect(kept.status == 0 && kept.stdout.contains("content shift 0\n"), "\(kept.stdout)")
    #expect(kept.stdout.contains("offset jumps  0\n"))
    let first = try CLI.run(["replay", trace, "--engine", "chat@1"]).stdout
    #expect(first.contains("left the bottom 1 · farthest 60.0 pt"), "\(first)")
  }
}
