// scrolltrace — one timestamped event of a trace.

/// One event of a trace: a timestamp and what happened.
///
/// Nearly every event of a trace is a touch sample or a frame tick, so an event keeps those
/// inline and every other payload (scenes, edits, markers, unknown kinds: rare, and holding arrays
/// or strings) out of line in one shared, immutable box. Building, copying and destroying a touch
/// event then never goes through `EventPayload`, a multi-payload enum whose every copy switched
/// over its cases (docs/performance.md). ``payload`` gives every event as an ``EventPayload`` all
/// the same; ``touch`` reads a touch sample without building one.
public struct TraceEvent: Sendable, Hashable {
  /// When the event happened, in nanoseconds on the header's clock.
  public var timestamp: Int64
  /// The wire kind of the payload.
  public private(set) var kind: EventKind
  /// The sample of a touch event; a fixed filler for every other kind.
  @usableFromInline internal private(set) var touchSample: TouchSample
  /// The payload of every kind but touch and frame tick; `nil` for those two.
  @usableFromInline internal private(set) var boxed: BoxedPayload?

  /// Creates an event.
  public init(timestamp: Int64, _ payload: EventPayload) {
    self.timestamp = timestamp
    self.kind = payload.kind
    switch payload {
    case .touch(let sample):
      touchSample = sample
      boxed = nil
    case .frameTick:
      touchSample = .filler
      boxed = nil
    default:
      touchSample = .filler
      boxed = BoxedPayload(payload)
    }
  }

  /// An event with no payload out of line: a touch with `sample`, or a frame tick (`sample` a
  /// filler).
  ///
  /// What ``EventBatch`` builds from its plain-bytes slots.
  @inline(__always)
  init(timestamp: Int64, kind: EventKind, unboxed sample: TouchSample) {
    self.timestamp = timestamp
    self.kind = kind
    self.touchSample = sample
    self.boxed = nil
  }

  /// Makes this event, which has no payload out of line, another such event: assigns plain bytes
  /// only, so that a loop reusing one value retains and releases nothing.
  @inline(__always)
  mutating func reuseUnboxed(timestamp: Int64, kind: EventKind, sample: TouchSample) {
    self.timestamp = timestamp
    self.kind = kind
    self.touchSample = sample
  }

  /// Creates a touch event: the decoder's hot path, which builds no ``EventPayload``.
  @inline(__always)
  public init(timestamp: Int64, touch sample: TouchSample) {
    self.timestamp = timestamp
    self.kind = .touch
    self.touchSample = sample
    self.boxed = nil
  }

  /// What happened.
  public var payload: EventPayload {
    get {
      if let boxed { return boxed.payload }
      return kind == .touch ? .touch(touchSample) : .frameTick
    }
    set { self = TraceEvent(timestamp: timestamp, newValue) }
  }

  /// The touch sample, when this is a touch event; read in place, without building a payload.
  @inlinable public var touch: TouchSample? {
    boxed == nil && kind == .touch ? touchSample : nil
  }

  /// Whether two events have the same timestamp and payload.
  public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
    guard lhs.timestamp == rhs.timestamp, lhs.kind == rhs.kind else { return false }
    if lhs.boxed == nil, rhs.boxed == nil { return lhs.touchSample == rhs.touchSample }
    return lhs.payload == rhs.payload
  }

  /// Hashes the timestamp and payload.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(timestamp)
    hasher.combine(payload)
  }

  /// The scene items the event holds in memory (``EventPayload``'s count): none for a touch or
  /// a frame tick.
  var sceneItemCount: Int { boxed?.payload.sceneItemCount ?? 0 }
}

/// An event's payload kept out of line: immutable, so copies of the event share it.
@usableFromInline
final class BoxedPayload: Sendable {
  /// The payload.
  let payload: EventPayload

  init(_ payload: EventPayload) { self.payload = payload }
}

extension TouchSample {
  /// What a non-touch event stores in its touch sample's place.
  static var filler: TouchSample {
    TouchSample(touchID: 0, phase: .began, location: .zero)
  }
}
