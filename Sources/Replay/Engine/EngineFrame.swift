// scrolltrace — what an engine reports at every frame.

public import TraceFormat

/// An engine's state and work at one frame: the visible items, the reuse pool and the work done
/// since the previous frame. Sizes are in points.
public struct EngineFrame: Sendable, Hashable {
  /// Items whose frames intersect the viewport, in content coordinates.
  public var visibleItems: [VisibleItem] = []
  /// Dequeues that reused a view since the previous frame.
  public var dequeuesReused = 0
  /// Dequeues that created a view since the previous frame.
  public var dequeuesCreated = 0
  /// Views enqueued since the previous frame.
  public var enqueues = 0
  /// Queued views per reuse identifier, identifiers sorted.
  public var poolSizes: [PoolSize] = []
  /// Views in use (on screen or laid out), not queued.
  public var liveViews = 0
  /// Views created since the replay began.
  public var viewsCreated = 0
  /// Work since the previous frame.
  public var work = WorkCounters()
  /// Engine-specific values (such as a pager's `scrollFraction`), by name.
  public var values: [NamedValue] = []

  /// An empty report.
  public init() {}

  /// Adds a reuse pool's counts since its last report (starting new ones), its created views, its
  /// queued views and counts per identifier, and the pool scan steps to `work`.
  public mutating func take(from pool: inout ReusePool) {
    let perIdentifier = pool.frameByIdentifier
    let (counters, steps) = pool.takeFrameCounters()
    dequeuesReused += counters.reused
    dequeuesCreated += counters.created
    enqueues += counters.enqueued
    viewsCreated += pool.createdCount
    work.poolScanSteps += steps
    var merged = Dictionary(poolSizes.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
    func entry(_ identifier: String) -> PoolSize { merged[identifier] ?? PoolSize(identifier: identifier, count: 0) }
    for (identifier, count) in pool.queuedByIdentifier {
      var size = entry(identifier)
      size.count += count
      merged[identifier] = size
    }
    for (identifier, frame) in perIdentifier {
      var size = entry(identifier)
      size.reused += frame.reused
      size.created += frame.created
      size.enqueued += frame.enqueued
      merged[identifier] = size
    }
    poolSizes = merged.keys.sorted().compactMap { merged[$0] }
  }

  /// One visible item.
  public struct VisibleItem: Sendable, Hashable {
    /// The section (0 for pages and lists; the child for a container).
    public var section: Int
    /// The item's index in its section.
    public var index: Int
    /// The item's frame in the scroll view's content coordinates.
    public var frame: Rect

    /// Creates a visible item.
    public init(section: Int, index: Int, frame: Rect) {
      self.section = section
      self.index = index
      self.frame = frame
    }
  }

  /// One reuse identifier's queue: views queued now, and dequeues and enqueues since the
  /// previous frame.
  public struct PoolSize: Sendable, Hashable {
    /// The reuse identifier.
    public var identifier: String
    /// Views queued.
    public var count: Int
    /// Dequeues that reused a view since the previous frame.
    public var reused: Int
    /// Dequeues that created a view since the previous frame.
    public var created: Int
    /// Views enqueued since the previous frame.
    public var enqueued: Int

    /// Creates a pool size.
    public init(identifier: String, count: Int, reused: Int = 0, created: Int = 0, enqueued: Int = 0) {
      self.identifier = identifier
      self.count = count
      self.reused = reused
      self.created = created
      self.enqueued = enqueued
    }
  }

  /// A named engine value.
  public struct NamedValue: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value.
    public var value: Double

    /// Creates a named value.
    public init(_ name: String, _ value: Double) {
      self.name = name
      self.value = value
    }
  }
}

/// Deterministic work an engine did: what the cost model of the analyzers prices.
public struct WorkCounters: Sendable, Hashable {
  /// Layout passes run.
  public var layoutPasses = 0
  /// View frames assigned.
  public var framesSet = 0
  /// Items configured with content (a data-source call for a dequeued view).
  public var itemsConfigured = 0
  /// Steps spent searching the reuse pool.
  public var poolScanSteps = 0

  /// Zero counts.
  public init() {}
}

/// A rectangle in points.
public struct Rect: Sendable, Hashable {
  /// The top-left corner.
  public var origin: Point
  /// The size.
  public var size: Size

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// The smallest x.
  public var minX: Double { origin.x }
  /// The smallest y.
  public var minY: Double { origin.y }
  /// The largest x.
  public var maxX: Double { origin.x + size.width }
  /// The largest y.
  public var maxY: Double { origin.y + size.height }

  /// Whether the rectangles overlap with a non-empty intersection.
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }
}
