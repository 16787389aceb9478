// scrolltrace — a batch's rules: a skipped scene, a failure it goes past, nothing replayed.

import Analyze
import Foundation
import Replay
import Testing

@testable import Pipeline

@Suite struct ReplayBatchTests {
  private let pager = PipelineFixtures.trace("pager-rotation.sctrace")
  private let nested = PipelineFixtures.trace("nested-container.sctrace")

  /// A file that is not a trace.
  private func garbage() throws -> String {
    let path = try PipelineFixtures.scratchFolder().appendingPathComponent("garbage.sctrace").path
    try Data("not a trace at all".utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func run(
    _ engine: String, _ paths: [String], keepsGoing: Bool = false, jobs: Int = 1
  ) throws -> (ReplayBatch.Result, [ReplayBatch.Event]) {
    let batch = ReplayBatch(
      engine: try PipelineFixtures.engine(engine), jobs: jobs, keepsGoing: keepsGoing)
    var events: [ReplayBatch.Event] = []
    let result = try batch.run(paths.map { TraceSource(path: $0) }) { events.append($0) }
    return (result, events)
  }

  @Test(arguments: [1, 2])
  func aSceneTheEngineDoesNotLayOutIsSkippedAmongSeveral(jobs: Int) throws {
    let (result, events) = try run("paging@2", [pager, nested], jobs: jobs)
    #expect(result.report.traces.map(\.identity.path) == [pager])
    #expect(result.report.skipped.map(\.path) == [nested])
    #expect(!result.lostData)
    #expect(
      events.contains {
        if case .skipped(let trace) = $0 { return trace.path == nested }
        return false
      })
  }

  @Test func aSceneTheEngineDoesNotLayOutIsAnErrorAlone() throws {
    let error = #expect(throws: PipelineError.self) { _ = try run("paging@2", [nested]) }
    #expect(error?.code == .unsupportedScene)
  }

  @Test(arguments: [1, 2])
  func aTraceThatCannotBeReadEndsTheRunUnlessItGoesOn(jobs: Int) throws {
    let bad = try garbage()
    #expect(throws: (any Error).self) { _ = try run("paging@2", [pager, bad], jobs: jobs) }
    let (result, events) = try run("paging@2", [pager, bad], keepsGoing: true, jobs: jobs)
    #expect(result.report.traces.map(\.identity.path) == [pager])
    // Going past a failure is lost data: the tool then exits 1, never green.
    #expect(result.lostData)
    #expect(
      events.contains {
        if case .failed(let trace) = $0 { return trace.path == bad }
        return false
      })
  }

  @Test func nothingReplayedIsAnError() throws {
    let error = #expect(throws: PipelineError.self) { _ = try run("paging@2", [nested, nested]) }
    #expect(error?.code == .nothingReplayed)
  }

  @Test func failuresGonePastWithNothingReplayedAreAReportOfFailuresNeverAGreenOne() throws {
    let (result, _) = try run("paging@2", [try garbage(), nested], keepsGoing: true)
    #expect(result.report.traces.isEmpty)
    #expect(result.report.skipped.map(\.isFailure) == [true, false])
    #expect(result.lostData)
  }

  @Test func reportsAreTheSameWhateverTheThreads() throws {
    let paths = [pager, nested, pager]
    let one = try run("nested@2", paths, jobs: 1).0.report
    let two = try run("nested@2", paths, jobs: 2).0.report
    #expect(one.traces.map(\.identity.path) == two.traces.map(\.identity.path))
    #expect(one.skipped.map(\.path) == two.skipped.map(\.path))
    #expect(one.total == two.total)
  }
}
