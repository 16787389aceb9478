// scrolltrace — the scroll-view model's parameters on the command line.

import ArgumentParser
import Replay
import TraceFormat

/// Overrides of the model's named parameters (docs/timeline.md lists the defaults and sources).
struct ModelOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Deceleration rate per millisecond: normal (0.998), fast (0.99) or a number in (0, 1).", valueName: "rate"))
  var decelerationRate = "normal"

  @Option(help: ArgumentHelp("Paging target rule: halfPage (Flutter), projected (WinObjC) or projectedOnePage.", valueName: "rule"))
  var pagingStrategy = PagingStrategy.halfPage.rawValue

  @Option(help: ArgumentHelp("Resize policy: keepOffset[:none|clampToRange|resetToZero], keepCenterRatio or keepPageIndex.", valueName: "policy"))
  var resizePolicy: String?

  @Option(help: ArgumentHelp("Distance in points a finger moves before the pan begins.", valueName: "points"))
  var touchSlop = ScrollViewConfiguration().touchSlop

  @Flag(help: "Lock a drag to the axis it starts along (isDirectionalLockEnabled).")
  var directionalLock = false

  /// The configuration these options describe.
  func configuration() throws -> ScrollViewConfiguration {
    var configuration = ScrollViewConfiguration()
    switch decelerationRate {
    case "normal": configuration.decelerationRate = .normal
    case "fast": configuration.decelerationRate = .fast
    default:
      guard let value = Double(decelerationRate), let rate = DecelerationRate(rawValue: value) else {
        throw ValidationError("--deceleration-rate '\(decelerationRate)': expected normal, fast or a number between 0 and 1")
      }
      configuration.decelerationRate = rate
    }
    guard let strategy = PagingStrategy(rawValue: pagingStrategy) else {
      throw ValidationError(
        "--paging-strategy '\(pagingStrategy)': expected one of \(PagingStrategy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    configuration.pagingStrategy = strategy
    if let resizePolicy { configuration.resizePolicy = try Self.policy(resizePolicy) }
    guard touchSlop.isFinite, touchSlop >= 0 else { throw ValidationError("--touch-slop must be a distance of 0 or more points") }
    configuration.touchSlop = touchSlop
    configuration.isDirectionalLockEnabled = directionalLock
    return configuration
  }

  private static func policy(_ text: String) throws -> ResizePolicy {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    switch parts.first {
    case "keepOffset":
      let adjustment = parts.count == 2 ? ResizePolicy.OffsetAdjustment(rawValue: parts[1]) : .clampToRange
      if let adjustment { return .keepOffset(adjustment: adjustment) }
    case "keepCenterRatio" where parts.count == 1:
      return .keepCenterRatio
    case "keepPageIndex" where parts.count == 1:
      return .keepPageIndex
    default:
      break
    }
    throw ValidationError("--resize-policy '\(text)': expected keepOffset[:none|clampToRange|resetToZero], keepCenterRatio or keepPageIndex")
  }
}
