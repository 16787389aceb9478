// scrolltrace — what one frame of a replay shows.

public import TraceCore

/// The scroll view's state at one presented frame: the line a timeline holds.
public struct ReplayFrame: Sendable, Hashable {
  /// The frame's number, from 0.
  public var index: Int64
  /// When the frame is presented, in nanoseconds on the trace's clock.
  public var time: Int64
  /// The bounds origin, in points.
  public var contentOffset: Point
  /// The bounds size (the model's, already final during a transition), in points.
  public var boundsSize: Size
  /// The content size, in points.
  public var contentSize: Size
  /// The content inset plus the safe area the adjustment behaviour selects, in points.
  public var adjustedContentInset: EdgeInsets
  /// What moves the content.
  public var phase: ScrollPhase
  /// The content's velocity, in points per second.
  public var velocity: Point
  /// Whether a finger is down.
  public var isTracking: Bool
  /// Where the first finger down is, in the scroll view's coordinates (points); nil when no finger
  /// is down.
  ///
  /// The content under it is at this point plus ``contentOffset``.
  public var touchLocation: Point?
  /// The part of the offset change since the previous frame that the input and the model's motion
  /// made (``ScrollView/inputDisplacement``), in points; the rest was made by a resize policy or
  /// the engine.
  public var inputDisplacement: Point
  /// The kinds of trace events applied since the previous frame.
  public var events: FrameEvents
  /// Where the engine means the content to come to rest.
  public var restingRule: RestingRule
  /// During a resize transition: the fraction done and the bounds size and offset on screen.
  public var transition: (progress: Double, boundsSize: Size, contentOffset: Point)?
  /// Markers of the trace since the previous frame.
  public var markers: [String]
  /// What the device displayed at this frame, when the trace recorded it (an observed-frame
  /// event, format 1.2): the real scroll view's offset and size beside the model's.
  public var observed: ObservedFrame?
  /// The engine's report: visible items, reuse pool, work.
  public var engine: EngineFrame

  /// Creates a frame.
  public init(
    index: Int64, time: Int64, contentOffset: Point, boundsSize: Size, contentSize: Size,
    adjustedContentInset: EdgeInsets, phase: ScrollPhase, velocity: Point, isTracking: Bool,
    inputDisplacement: Point = .zero, events: FrameEvents = [],
    restingRule: RestingRule = .anywhere,
    transition: (progress: Double, boundsSize: Size, contentOffset: Point)? = nil,
    markers: [String] = [],
    observed: ObservedFrame? = nil,
    engine: EngineFrame = EngineFrame()
  ) {
    self.index = index
    self.time = time
    self.contentOffset = contentOffset
    self.boundsSize = boundsSize
    self.contentSize = contentSize
    self.adjustedContentInset = adjustedContentInset
    self.phase = phase
    self.velocity = velocity
    self.isTracking = isTracking
    self.inputDisplacement = inputDisplacement
    self.events = events
    self.restingRule = restingRule
    self.transition = transition
    self.markers = markers
    self.observed = observed
    self.engine = engine
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.index == b.index && a.time == b.time && a.contentOffset == b.contentOffset
      && a.boundsSize == b.boundsSize
      && a.contentSize == b.contentSize && a.adjustedContentInset == b.adjustedContentInset
      && a.phase == b.phase
      && a.velocity == b.velocity && a.isTracking == b.isTracking
      && a.touchLocation == b.touchLocation
      && a.inputDisplacement == b.inputDisplacement
      && a.events == b.events && a.restingRule == b.restingRule && a.markers == b.markers
      && a.observed == b.observed
      && a.engine == b.engine
      && a.transition?.progress == b.transition?.progress
      && a.transition?.boundsSize == b.transition?.boundsSize
      && a.transition?.contentOffset == b.transition?.contentOffset
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(time)
    hasher.combine(contentOffset)
    hasher.combine(phase)
  }
}

extension ReplayFrame {
  /// A frame of zeros, for a session to write its first frame over
  /// (`ReplaySession.write(into:index:at:)`).
  static var blank: ReplayFrame {
    ReplayFrame(
      index: 0, time: 0, contentOffset: .zero, boundsSize: .zero, contentSize: .zero,
      adjustedContentInset: .zero, phase: .idle, velocity: .zero, isTracking: false)
  }

  /// Whether the content is at rest: no finger down, no motion, no resize animation.
  public var isAtRest: Bool { phase == .idle && !isTracking && transition == nil }
}
