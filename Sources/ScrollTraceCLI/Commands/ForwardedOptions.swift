// scrolltrace — the replay options given, as arguments for another build of the tool.

import Analyze
import Replay
import TraceIngest

// `diff --baseline-tool` replays each side through a build of the tool: both must replay with the
// options the user gave. Only the options that differ from their defaults are passed, so that an
// older build that lacks a newer option still runs when it is not used (and refuses, naming it,
// when it is).

extension AnalysisOptions {
  /// The options given, as `replay` arguments.
  var forwarded: [String] {
    var arguments: [String] = []
    let defaults = AnalysisSettings()
    if jumpThreshold != defaults.jumpThreshold {
      arguments += ["--jump-threshold", "\(jumpThreshold)"]
    }
    if glitchTolerance != defaults.glitchTolerance {
      arguments += ["--glitch-tolerance", "\(glitchTolerance)"]
    }
    if fidelityThreshold != defaults.fidelityThreshold {
      arguments += ["--fidelity-threshold", "\(fidelityThreshold)"]
    }
    if let costModel { arguments += ["--cost-model", costModel] }
    if hitchBands != HitchBands.wwdc20.name { arguments += ["--hitch-bands", hitchBands] }
    if eventLimit != defaults.eventLimit { arguments += ["--event-limit", "\(eventLimit)"] }
    return arguments
  }
}

extension ModelOptions {
  /// The options given, as `replay` arguments.
  var forwarded: [String] {
    var arguments: [String] = []
    if let decelerationRate { arguments += ["--deceleration-rate", decelerationRate] }
    if let decelerationModel { arguments += ["--deceleration-model", decelerationModel] }
    if let springStop { arguments += ["--spring-stop", springStop] }
    if let pagingStrategy { arguments += ["--paging-strategy", pagingStrategy] }
    if let resizePolicy { arguments += ["--resize-policy", resizePolicy] }
    if let touchSlop { arguments += ["--touch-slop", "\(touchSlop)"] }
    if let directionalLock {
      arguments.append(directionalLock ? "--directional-lock" : "--no-directional-lock")
    }
    if let uikit { arguments += ["--uikit", uikit] }
    if let preparedMargin { arguments += ["--prepared-margin", "\(preparedMargin)"] }
    return arguments
  }
}

extension ReadOptions {
  /// The options given, as `replay` arguments.
  var forwarded: [String] {
    var arguments: [String] = []
    if recover { arguments.append("--recover") }
    if maxChunkSize != DecodeLimits.default.maximumChunkSize {
      arguments += ["--max-chunk-size", "\(maxChunkSize)"]
    }
    return arguments
  }
}

extension ReplayOptions {
  /// The options given, as `replay` arguments.
  var forwarded: [String] {
    var arguments: [String] = []
    let defaults = ReplayLimits()
    if maxFrames != defaults.frameAllowance { arguments += ["--max-frames", "\(maxFrames)"] }
    if maxItems != defaults.itemAllowance { arguments += ["--max-items", "\(maxItems)"] }
    if stepIdleFrames { arguments.append("--step-idle-frames") }
    return arguments
  }
}
