// A misspelt verb, option or engine gets "did you mean", as a new user's first week meets them.

import TestSupport
import Testing

@Suite struct SuggestionCLITests {
  @Test(arguments: [
    (["histroy", "list"], "did you mean 'history'?"),
    (["repaly", "Traces/pager-rotation.sctrace"], "did you mean 'replay'?"),
    (
      ["replay", "--engin", "paging@1", "Traces/pager-rotation.sctrace"],
      "'--engin' is not an option: did you mean '--engine'?"
    ),
    (
      ["replay", "--engine", "paging@1", "--fromat", "json", "Traces/pager-rotation.sctrace"],
      "Did you mean '--format'?"
    ),
    (
      ["replay", "--engine", "pagin@1", "Traces/pager-rotation.sctrace"],
      "unknown engine 'pagin@1' (did you mean 'paging@1'?)"
    ),
    (
      ["replay", "--engine", "cardfed", "Traces/pager-rotation.sctrace"],
      "did you mean 'cardfeed'?"
    ),
    (
      [
        "diff", "--baseline", "paging@1", "--candidate", "pagng@2+viewPerFrame",
        "Traces/pager-rotation.sctrace",
      ],
      "did you mean 'paging@2'?"
    ),
  ])
  func aMisspeltNameGetsTheClosestOne(_ arguments: [String], _ hint: String) throws {
    let run = try CLI.run(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(hint), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
  }

  @Test(arguments: [
    ["xyzzy"],
    ["replay", "--engine", "carousel", "Traces/pager-rotation.sctrace"],
  ])
  func nothingCloseGetsNoGuess(_ arguments: [String]) throws {
    let run = try CLI.run(arguments)
    #expect(run.status == 2)
    #expect(!run.stderr.lowercased().contains("did you mean"), "\(run.stderr)")
  }
}
