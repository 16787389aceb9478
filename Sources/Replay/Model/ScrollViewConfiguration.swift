// scrolltrace — every constant of the scroll-view model, named and cited.

/// The parameters of the ``ScrollView`` model.
///
/// Each default comes from the reference named beside
/// it; those marked *unconfirmed* have no primary source for UIKit and are parameters for that reason.
public struct ScrollViewConfiguration: Sendable, Hashable {
  /// The deceleration rate: `.normal`, 0.998 per millisecond (see ``DecelerationRate``).
  public var decelerationRate: DecelerationRate = .normal
  /// When deceleration stops: 0.5 pt remaining, as ScrollMechanics (*unconfirmed*).
  ///
  /// It lands
  /// on the target offered to (or chosen by) `scrollViewWillEndDragging` either way.
  public var decelerationStopRule: DecelerationStopRule = .default
  /// How the per-millisecond decay is summed into distance: continuously, as ScrollMechanics
  /// (the default), or step by step, as Facebook pop (*unconfirmed*; 0.1 % apart).
  public var decelerationModel: DecelerationModel = .continuous
  /// Whether the content may be dragged and flung past its edges (`bounces`).
  public var bounces = true
  /// Whether drags move the content horizontally even when it fits (`alwaysBounceHorizontal`).
  public var alwaysBounceHorizontal = false
  /// Whether drags move the content vertically even when it fits (`alwaysBounceVertical`).
  public var alwaysBounceVertical = false
  /// The rubber band of drags past an edge: c = 0.55 (*community-derived*: @chpwn's formula, see
  /// ``RubberBand``).
  public var rubberBand = RubberBand()
  /// The spring that returns overscrolled content: critically damped, stiffness 100, as
  /// ScrollMechanics (*unconfirmed*: Apple publishes no spring constants).
  public var bounceSpring: SpringDescription = .bounce
  /// Whether the view settles on multiples of its bounds (`isPagingEnabled`).
  public var isPagingEnabled = false
  /// How the page is chosen at release: Flutter's half-page rule (*unconfirmed for UIKit*).
  public var pagingStrategy: PagingStrategy = .halfPage
  /// The spring that snaps to a page: Flutter's default scroll spring (*unconfirmed*).
  public var pagingSpring: SpringDescription = .paging
  /// The distance, in points, a finger moves before the pan begins: 10 pt (*unconfirmed*: UIKit's
  /// hysteresis is not documented; Flutter uses 18 logical px, `kTouchSlop`, and
  /// `BouncingScrollPhysics` 3.5 px for its drag start).
  public var touchSlop = 10.0
  /// Whether a drag that begins mostly along one axis stays on it (`isDirectionalLockEnabled`).
  public var isDirectionalLockEnabled = false
  /// The duration of `setContentOffset(_:animated:)`, in seconds: 0.3 s (*unconfirmed*; Apple
  /// documents neither the duration nor the curve).
  public var scrollAnimationDuration = 0.3
  /// The curve of `setContentOffset(_:animated:)`: ease-in-ease-out (*unconfirmed*).
  public var scrollAnimationCurve: TimingCurve = .easeInEaseOut
  /// The curve of the bounds animation during a resize transition (a rotation): ease-in-ease-out.
  public var transitionCurve: TimingCurve = .easeInEaseOut
  /// Where the offset goes when sizes change: UIKit's default, keep then clamp (see ``ResizePolicy``).
  public var resizePolicy: ResizePolicy = .uikitDefault
  /// When springs count as done: Flutter's tolerance for the display scale (``Tolerance``); 3× by default.
  public var tolerance = Tolerance(displayScale: 3)
  /// Which rule ends a spring: Flutter's tolerance (the default) or ScrollMechanics' duration
  /// bound (*unconfirmed*: Apple publishes no spring constants).
  public var springStopRule: SpringStopRule = .tolerance
  /// What UIKit does around a self-sizing layout, by iOS version: today's (``UIKitBehavior``).
  public var uikit: UIKitBehavior = .current

  /// The default configuration.
  public init() {}
}
