// A stored run says where it was made: the tool, the machine and the CI runner, listed.

import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct HistoryProvenanceCLITests {
  @Test func aRunListsTheToolTheMachineAndTheRunner() throws {
    let directory = try CLI.temporaryDirectory()
    let store = directory.appendingPathComponent("s.sqlite").path
    let report = try StoreCLITests.report("cardfeed@2", "run.json", in: directory)
    let github = [
      "GITHUB_ACTIONS": "true", "RUNNER_NAME": "GitHub Actions 12", "RUNNER_OS": "Linux",
      "ImageOS": "ubuntu24",
    ]
    for (revision, environment, extra) in [
      ("a", github, [String]()), ("b", [:], ["--runner", "the lab's Mac mini"]),
    ] {
      let add = try CLI.run(
        ["history", "add", report, "--store", store, "--branch", "main", "--revision", revision]
          + extra, environment: environment)
      #expect(add.status == 0, "\(add.stderr)")
    }
    let list = try CLI.run(["history", "list", "--store", store])
    let lines = list.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(list.stdout)")
    #expect(lines.allSatisfy { $0.contains("(scrolltrace ") && $0.contains(" cores") })
    #expect(lines[0].hasSuffix("· GitHub Actions, GitHub Actions 12, Linux, ubuntu24)"))
    #expect(lines[1].hasSuffix("· the lab's Mac mini)"))
  }
}
