// scrolltrace — the comparison's sides: engines, metrics measured before, builds; and what cannot
// be compared.

import Analyze
import Foundation
import Replay
import Testing

@testable import Pipeline

@Suite struct ComparisonTests {
  private let pager = PipelineFixtures.trace("pager-rotation.sctrace")

  @Test func twoEnginesAreReplayedRepetitionsTimesEachWithTheirHostSamples() throws {
    let result = try Comparison(
      baseline: .engine(try PipelineFixtures.engine("paging@1")),
      candidate: .engine(try PipelineFixtures.engine("paging@2")), repetitions: 3
    ).run([pager], plots: true)
    let baseline = try #require(result.baseline)
    #expect(baseline.label == "paging@1")
    #expect(result.candidate.label == "paging@2")
    for side in [baseline, result.candidate] {
      let trace = try #require(side.traces.first)
      // One host sample per recorded replay; the warm-up is not among them.
      #expect(!trace.host.isEmpty)
      #expect(trace.host.values.allSatisfy { $0.count == 3 })
    }
    #expect(result.plots?.baseline[pager] != nil)
    #expect(result.plots?.candidate[pager] != nil)
  }

  @Test func theSameEngineTwiceGivesTheSameDeterministicMetrics() throws {
    let engine = try PipelineFixtures.engine("paging@1")
    let result = try Comparison(baseline: .engine(engine), candidate: .engine(engine))
      .run([pager])
    #expect(result.baseline?.traces.map(\.values) == result.candidate.traces.map(\.values))
  }

  @Test func metricsMeasuredBeforeAreComparedAsTheyAre() throws {
    let measured = try Comparison(
      baseline: .engine(try PipelineFixtures.engine("paging@1")),
      candidate: .engine(try PipelineFixtures.engine("paging@2"))
    ).run([pager])
    let baseline = try #require(measured.baseline)
    let result = try Comparison(
      baseline: .metrics(baseline), candidate: .metrics(measured.candidate)
    )
    .run([])
    #expect(result.baseline?.label == "paging@1")
    #expect(result.candidate.label == "paging@2")
    #expect(result.candidate.traces.map(\.values) == measured.candidate.traces.map(\.values))
  }

  @Test func aStoredBaselineAgainstAnEngineReplaysOnlyTheCandidateAndPlotsNothing() throws {
    let stored = try Comparison(
      baseline: nil, candidate: .engine(try PipelineFixtures.engine("paging@1"))
    ).run([pager])
    #expect(stored.baseline == nil)
    let result = try Comparison(
      baseline: .metrics(stored.candidate),
      candidate: .engine(try PipelineFixtures.engine("paging@2"))
    ).run([pager], plots: true)
    #expect(result.baseline?.label == "paging@1")
    #expect(result.candidate.label == "paging@2")
    #expect(result.plots == nil)
  }

  @Test func aBuildComparesOnlyWithABuild() throws {
    let folder = try PipelineFixtures.scratchFolder()
    let tool = try FakeBuild(in: folder, report: "{}")
    let build = Comparison.Side.build(
      BuildComparison.Side(build: try ToolBuild(path: tool.path), engine: "paging@1", label: "old"))
    let engine = Comparison.Side.engine(try PipelineFixtures.engine("paging@2"))
    for (baseline, candidate) in [(build, engine), (engine, build)] {
      let error = #expect(throws: PipelineError.self) {
        _ = try Comparison(baseline: baseline, candidate: candidate).run([pager])
      }
      #expect(error?.code == .unsupportedComparison)
    }
    // Nothing ran.
    #expect(try tool.calls().isEmpty)
  }
}
