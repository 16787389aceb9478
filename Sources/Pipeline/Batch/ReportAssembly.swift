// scrolltrace — a report built from traces' outcomes, in trace order.

import Analyze
import Replay
import TraceIngest

extension ReplayBatch {
  /// What a run has gathered so far: the sections, the total, what was skipped or lost, the hooks.
  struct Assembly {
    let engine: EngineDescriptor
    let settings: ReplaySettings
    var sections: [TraceReport] = []
    var total: TraceAnalysis?
    var skipped: [SkippedTrace] = []
    var lostData = false
    var plots: [PlotSeries] = []
    var hooks = DelegateHookLog()
    var warmedUp = false

    init(engine: EngineDescriptor, settings: ReplaySettings) {
      self.engine = engine
      self.settings = settings
    }

    /// Takes the next trace's outcome, telling `events` of skips, failures and losses.
    mutating func take(_ outcome: TraceOutcome, events: (Event) -> Void) {
      switch outcome {
      case .skipped(let trace):
        events(trace.isFailure ? .failed(trace) : .skipped(trace))
        skipped.append(trace)
        lostData = lostData || trace.isFailure
      case .replayed(let replay, let plot):
        for loss in replay.losses { events(.lost(path: replay.section.identity.path, loss)) }
        let drops = replay.outcome.droppedObservations
        if drops.total > 0 {
          let presented = replay.section.summary.measured?.frames ?? 0
          events(.warning(path: replay.section.identity.path, drops.warning(presented: presented)))
        }
        lostData = lostData || !replay.losses.isEmpty
        if let plot { plots.append(plot) }
        sections.append(replay.section)
        hooks.merge(replay.outcome.delegateHooks)
        if total == nil { total = replay.analysis } else { total?.merge(replay.analysis) }
      }
    }

    /// The report of `count` traces.
    ///
    /// - Throws: `nothingReplayed` when traces were given and none was
    ///   replayed or failed: every one was of a scene the engine does not lay out.
    func result(of count: Int) throws -> Result {
      guard !sections.isEmpty || count == 0 || skipped.contains(where: \.isFailure) else {
        throw PipelineError(
          .nothingReplayed,
          "\(engine) can replay none of the \(count) traces given: "
            + MessageText.list(skipped.map { "\($0.path) (\($0.reason))" }, separator: "; "))
      }
      let all = total ?? TraceAnalysis(settings: settings.analysis, refreshRate: 60)
      var report = Report(
        engine: engine, settings: settings.analysis, modelOptions: settings.modelOptions,
        traces: sections, total: all.summary, hostTotal: all.host.summary, skipped: skipped)
      report.delegateHooks = hooks
      report.hostWarmedUp = warmedUp
      return Result(report: report, lostData: lostData, plots: plots)
    }
  }
}
