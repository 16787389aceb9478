// scrolltrace — the settings a user chose explicitly, which win over an engine's defaults.

/// Model settings a user set explicitly (on the command line, say).
///
/// An engine's
/// ``ScrollEngine/prepare(_:for:)`` sets the component's own defaults — CardScrollView decelerates
/// `.fast`, a pager keeps UIKit's resize policy — and the session applies these overrides after it,
/// so an explicit choice is never silently replaced. `nil` leaves the engine's value.
public struct ScrollViewOverrides: Sendable, Hashable {
  /// The deceleration rate.
  public var decelerationRate: DecelerationRate?
  /// How the decay is summed into distance.
  public var decelerationModel: DecelerationModel?
  /// Which rule ends a spring.
  public var springStopRule: SpringStopRule?
  /// The paging target rule.
  public var pagingStrategy: PagingStrategy?
  /// The resize policy.
  public var resizePolicy: ResizePolicy?
  /// The touch slop, in points.
  public var touchSlop: Double?
  /// Whether drags lock to their starting axis.
  public var isDirectionalLockEnabled: Bool?
  /// What UIKit does around a self-sizing layout: an iOS version's profile.
  public var uikit: UIKitBehavior?
  /// How far beyond the visible rect an item gets its actual size, in points
  /// (``UIKitBehavior/preparedMargin``); applied after ``uikit``.
  public var preparedMargin: Double?

  /// No overrides.
  public init() {}

  /// Applies every override that is set.
  public func apply(to configuration: inout ScrollViewConfiguration) {
    if let decelerationRate { configuration.decelerationRate = decelerationRate }
    if let decelerationModel { configuration.decelerationModel = decelerationModel }
    if let springStopRule { configuration.springStopRule = springStopRule }
    if let pagingStrategy { configuration.pagingStrategy = pagingStrategy }
    if let resizePolicy { configuration.resizePolicy = resizePolicy }
    if let touchSlop { configuration.touchSlop = touchSlop }
    if let isDirectionalLockEnabled {
      configuration.isDirectionalLockEnabled = isDirectionalLockEnabled
    }
    if let uikit { configuration.uikit = uikit }
    if let preparedMargin { configuration.uikit.preparedMargin = preparedMargin }
  }
}
