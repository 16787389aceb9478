// scrolltrace — the scroll-view model's parameters on the command line.

import Analyze
import ArgumentParser
import Replay
import TraceIngest

/// Overrides of the model's named parameters (docs/timeline.md lists the defaults and sources).
///
/// Only the flags given override anything: otherwise each engine keeps its component's settings
/// (CardScrollView decelerates `.fast`, for instance).
struct ModelOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Deceleration rate per millisecond: normal (0.998), fast (0.99) or a number in (0, 1). Default: the engine's.",
      valueName: "rate"), completion: .list(["normal", "fast"]))
  var decelerationRate: String?

  @Option(
    help: ArgumentHelp(
      "How the per-millisecond decay sums to distance: continuous (ScrollMechanics, the default) or discrete (pop).",
      valueName: "model"), completion: .list(DecelerationModel.allCases.map(\.rawValue)))
  var decelerationModel: String?

  @Option(
    help: ArgumentHelp(
      "When a spring (bounce, page snap) is done: tolerance (Flutter, the default) or durationBound (ScrollMechanics).",
      valueName: "rule"), completion: .list(SpringStopRule.allCases.map(\.rawValue)))
  var springStop: String?

  @Option(
    help: ArgumentHelp(
      "Paging target rule: halfPage (Flutter, the default), projected (WinObjC) or projectedOnePage.",
      valueName: "rule"), completion: .list(PagingStrategy.allCases.map(\.rawValue)))
  var pagingStrategy: String?

  @Option(
    help: ArgumentHelp(
      "Resize policy: keepOffset (or keepOffset:none, keepOffset:clampToRange, keepOffset:resetToZero), keepCenterRatio or keepPageIndex. Default: the engine's.",
      valueName: "policy"),
    completion: .list(
      ResizePolicy.OffsetAdjustment.allCases.map { "keepOffset:\($0.rawValue)" } + [
        "keepOffset", "keepCenterRatio", "keepPageIndex",
      ]))
  var resizePolicy: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Distance in points a finger moves before the pan begins (default 10).", valueName: "points"))
  var touchSlop: Double?

  @Flag(
    inversion: .prefixedNo,
    help:
      "Lock a drag to the axis it starts along (isDirectionalLockEnabled). Default: the engine's.")
  var directionalLock: Bool?

  @Option(
    help: ArgumentHelp(
      "What UIKit does around a self-sizing layout, by iOS version: current (15.0, 15.2 and later, the default), ios15.1 or ios13.",
      valueName: "profile"), completion: .list(UIKitBehavior.profiles.map(\.name)))
  var uikit: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "How far beyond the visible rect, in points, a self-sizing item gets its actual size (cell prefetching; default 0).",
      valueName: "points"))
  var preparedMargin: Double?

  /// The overrides these options describe.
  func overrides() throws -> ScrollViewOverrides {
    var overrides = ScrollViewOverrides()
    switch decelerationRate {
    case nil: break
    case "normal": overrides.decelerationRate = .normal
    case "fast": overrides.decelerationRate = .fast
    case let text?:
      guard let value = Double(text), let rate = DecelerationRate(rawValue: value) else {
        throw ValidationError(
          "--deceleration-rate '\(text)': expected normal, fast or a number between 0 and 1")
      }
      overrides.decelerationRate = rate
    }
    overrides.decelerationModel = try Self.choice(decelerationModel, "--deceleration-model")
    overrides.springStopRule = try Self.choice(springStop, "--spring-stop")
    overrides.pagingStrategy = try Self.choice(pagingStrategy, "--paging-strategy")
    if let resizePolicy { overrides.resizePolicy = try Self.policy(resizePolicy) }
    if let touchSlop {
      guard touchSlop.isFinite, touchSlop >= 0 else {
        throw ValidationError("--touch-slop must be a distance of 0 or more points")
      }
      overrides.touchSlop = touchSlop
    }
    overrides.isDirectionalLockEnabled = directionalLock
    if let uikit {
      guard let profile = UIKitBehavior.profile(named: uikit) else {
        throw ValidationError(
          "--uikit '\(uikit)': expected one of \(UIKitBehavior.profiles.map(\.name).joined(separator: ", "))"
        )
      }
      overrides.uikit = profile
    }
    if let preparedMargin {
      guard preparedMargin.isFinite, preparedMargin >= 0, preparedMargin <= 1_000_000 else {
        throw ValidationError("--prepared-margin must be a distance of 0 to 1000000 points")
      }
      overrides.preparedMargin = preparedMargin
    }
    return overrides
  }

  /// The options given, by name and value as typed, for the report's settings.
  var given: [Report.ModelOption] {
    var options: [Report.ModelOption] = []
    if let decelerationRate {
      options.append(.init(name: "decelerationRate", value: decelerationRate))
    }
    if let decelerationModel {
      options.append(.init(name: "decelerationModel", value: decelerationModel))
    }
    if let springStop { options.append(.init(name: "springStop", value: springStop)) }
    if let pagingStrategy { options.append(.init(name: "pagingStrategy", value: pagingStrategy)) }
    if let resizePolicy { options.append(.init(name: "resizePolicy", value: resizePolicy)) }
    if let touchSlop {
      options.append(.init(name: "touchSlop", value: JSONObject.number(touchSlop)))
    }
    if let directionalLock {
      options.append(.init(name: "directionalLock", value: directionalLock ? "on" : "off"))
    }
    if let uikit { options.append(.init(name: "uikit", value: uikit)) }
    if let preparedMargin {
      options.append(.init(name: "preparedMargin", value: JSONObject.number(preparedMargin)))
    }
    return options
  }

  private static func policy(_ text: String) throws -> ResizePolicy {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    switch parts.first {
    case "keepOffset":
      let adjustment =
        parts.count == 2 ? ResizePolicy.OffsetAdjustment(rawValue: parts[1]) : .clampToRange
      if let adjustment { return .keepOffset(adjustment: adjustment) }
    case "keepCenterRatio" where parts.count == 1:
      return .keepCenterRatio
    case "keepPageIndex" where parts.count == 1:
      return .keepPageIndex
    default:
      break
    }
    throw ValidationError(
      "--resize-policy '\(text)': expected keepOffset[:none|clampToRange|resetToZero], keepCenterRatio or keepPageIndex"
    )
  }

  /// The case of `T` named `text`, or a validation error for `flag` listing the cases.
  private static func choice<T: RawRepresentable & CaseIterable>(_ text: String?, _ flag: String)
    throws -> T? where T.RawValue == String
  {
    guard let text else { return nil }
    guard let value = T(rawValue: text) else {
      throw ValidationError(
        "\(flag) '\(text)': expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
  }
}
