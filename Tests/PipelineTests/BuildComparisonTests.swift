// scrolltrace — two builds of the tool compared as processes, in the comparison's schedule.

import Analyze
import Foundation
import Replay
import Testing

@testable import Pipeline

@Suite struct BuildComparisonTests {
  private let pager = PipelineFixtures.trace("pager-rotation.sctrace")

  /// The JSON report of the built-in `engine` replaying the pager trace.
  private func report(_ engine: String) throws -> String {
    let batch = ReplayBatch(engine: try PipelineFixtures.engine(engine))
    return try batch.run([TraceSource(path: pager)]).report.json
  }

  private func comparison(_ tool: FakeBuild, repetitions: Int) throws -> BuildComparison {
    BuildComparison(
      baseline: .init(build: try ToolBuild(path: tool.path), engine: "paging@1", label: "old"),
      candidate: .init(build: try ToolBuild(path: tool.path), engine: "paging@2", label: "new"),
      repetitions: repetitions)
  }

  @Test func buildsRunInTheSchedulesOrderAndTheirHostSamplesAddUp() throws {
    let tool = try FakeBuild(in: try PipelineFixtures.scratchFolder(), report: "")
    try tool.set("report-paging@1.json", try report("paging@1"))
    try tool.set("report-paging@2.json", try report("paging@2"))
    let result = try comparison(tool, repetitions: 3).run([pager])
    // A warm-up each, then A B, B A, A B.
    #expect(
      try tool.calls() == [
        "paging@1", "paging@2", "paging@1", "paging@2", "paging@2", "paging@1", "paging@1",
        "paging@2",
      ])
    let baseline = try #require(result.baseline)
    #expect(baseline.traces.count == 1)
    #expect(result.candidate.traces.count == 1)
    // Each recorded run adds its host samples: three runs of one sample each.
    #expect(baseline.traces[0].host.values.allSatisfy { $0.count == 3 })
    #expect(baseline.traces[0].values != result.candidate.traces[0].values)
  }

  @Test func aLaterRunWhoseDeterministicMetricsDifferIsNamed() throws {
    let tool = try FakeBuild(
      in: try PipelineFixtures.scratchFolder(), report: try report("paging@1"))
    // The candidate's third run (its second recorded) is another engine's report.
    try tool.set("report-paging@2-3.json", try report("paging@2"))
    var warnings: [String] = []
    let result = try comparison(tool, repetitions: 2).run([pager]) { warnings.append($0) }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("deterministic metrics differ") == true)
    // The first recorded run's are compared.
    #expect(result.candidate.traces[0].values == result.baseline?.traces[0].values)
  }

  @Test func aFailedRunEndsTheComparisonWithItsLastLine() throws {
    let tool = try FakeBuild(
      in: try PipelineFixtures.scratchFolder(), report: try report("paging@1"))
    try tool.set("exit-paging@2", "3")
    let error = #expect(throws: PipelineError.self) {
      _ = try comparison(tool, repetitions: 1).run([pager])
    }
    #expect(error?.code == .buildFailed)
    #expect(error?.reason.contains("the build failed on purpose") == true)
    #expect(try tool.calls() == ["paging@1", "paging@2"])
  }

  @Test func aReportThatIsNotOneFailsTheRun() throws {
    let tool = try FakeBuild(in: try PipelineFixtures.scratchFolder(), report: "{\"schema\": 1}")
    let error = #expect(throws: PipelineError.self) {
      _ = try comparison(tool, repetitions: 1).run([pager])
    }
    #expect(error?.code == .buildFailed)
  }

  @Test func aTraceThatIsNotARegularFileIsRefusedBeforeAnyRun() throws {
    let folder = try PipelineFixtures.scratchFolder()
    let tool = try FakeBuild(in: folder, report: try report("paging@1"))
    for path in [folder.path, "/dev/null", folder.appendingPathComponent("missing").path] {
      let error = #expect(throws: PipelineError.self) {
        _ = try comparison(tool, repetitions: 1).run([path])
      }
      #expect(error?.code == .unreadable)
      #expect(error?.path == path)
    }
    #expect(try tool.calls().isEmpty)
  }

  @Test func aBuildPathThatIsNotAnExecutableIsRefused() throws {
    let folder = try PipelineFixtures.scratchFolder()
    for path in [folder.path, folder.appendingPathComponent("missing").path, pager] {
      let error = #expect(throws: PipelineError.self) { _ = try ToolBuild(path: path) }
      #expect(error?.code == .buildFailed)
      #expect(error?.path == path)
    }
  }
}
