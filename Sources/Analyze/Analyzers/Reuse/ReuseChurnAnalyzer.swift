// scrolltrace — how well an engine reuses its views.

public import Replay

/// Counts reuse-pool traffic: dequeues that reused a view and that created one, enqueues, views
/// created per second of scrolling, the peak of live views and of queued views, overall and per
/// reuse identifier.
public struct ReuseChurnAnalyzer: FrameAnalyzer {
  private(set) var reused = 0
  private(set) var created = 0
  private(set) var enqueued = 0
  private(set) var viewsCreated = 0
  private(set) var viewsCreatedScrolling = 0
  private(set) var mergedScrollingTime: Int64 = 0
  private(set) var peakLiveViews = 0
  private(set) var peakLiveViewsFrame: Int64?
  private(set) var peakPoolSize = 0
  private var identifiers: [String: ReuseChurnSummary.Identifier] = [:]
  /// The traffic of the pool rows of the latest frames, while they list the same identifiers in
  /// the same order (nearly always): added row by row, without hashing each identifier each
  /// frame, and folded into ``identifiers`` when the rows change and before any summary.
  private var recentRows: [ReuseChurnSummary.Identifier] = []
  private var lifecycle: ViewLifecycleChecker
  private var clock: ScrollingClock

  /// An analyzer for a display refreshing `refreshRate` times a second, listing at most
  /// `eventLimit` view lifecycle violations.
  public init(refreshRate: Double, eventLimit: Int = 20) {
    clock = ScrollingClock(refreshRate: refreshRate)
    lifecycle = ViewLifecycleChecker(eventLimit: eventLimit)
  }

  public mutating func consume(_ frame: ReplayFrame) {
    let new = clock.advance(to: frame)
    let engine = frame.engine
    reused += engine.dequeuesReused
    created += engine.dequeuesCreated
    enqueued += engine.enqueues
    viewsCreated += new
    if frame.isScrolling, !frame.isFirstLayout { viewsCreatedScrolling += new }
    if engine.liveViews > peakLiveViews || peakLiveViewsFrame == nil {
      peakLiveViews = max(peakLiveViews, engine.liveViews)
      peakLiveViewsFrame = frame.index
    }
    var poolSize = 0
    var same = engine.poolSizes.count == recentRows.count
    var index = 0
    while same, index < recentRows.count {
      same = engine.poolSizes[index].identifier == recentRows[index].identifier
      index += 1
    }
    if !same {
      foldRecentRows()
      recentRows = engine.poolSizes.map { .init(identifier: $0.identifier) }
    }
    for index in recentRows.indices {
      poolSize += engine.poolSizes[index].count
      recentRows[index].add(engine.poolSizes[index])
    }
    peakPoolSize = max(peakPoolSize, poolSize)
    if !engine.viewEvents.isEmpty { lifecycle.consume(frame) }
  }

  /// Adds another trace's analysis (for a total over traces).
  ///
  /// Takes a run of frames: repeats of a frame with no dequeue, enqueue or view event change only
  /// the scrolling clock; any other run is taken frame by frame.
  public mutating func consume(_ run: FrameRun) {
    guard run.count > 1 else { return consume(run.first) }
    consume(run) { analyzer, frame, time in
      let engine = frame.engine
      guard engine.dequeuesReused == 0, engine.dequeuesCreated == 0, engine.enqueues == 0,
        engine.viewEvents.isEmpty,
        engine.poolSizes.allSatisfy({ $0.reused == 0 && $0.created == 0 && $0.enqueued == 0 })
      else { return false }
      analyzer.clock.repeatLastFrame(through: time)
      return true
    }
  }

  /// Folds the latest rows' traffic into ``identifiers``.
  private mutating func foldRecentRows() {
    for row in recentRows {
      identifiers[row.identifier, default: .init(identifier: row.identifier)].merge(row)
    }
    recentRows = []
  }

  /// Adds another trace's reuse counts, as a run over several traces totals them.
  public mutating func merge(_ other: ReuseChurnAnalyzer) {
    var other = other
    other.foldRecentRows()
    foldRecentRows()
    reused += other.reused
    created += other.created
    enqueued += other.enqueued
    viewsCreated += other.viewsCreated
    viewsCreatedScrolling += other.viewsCreatedScrolling
    mergedScrollingTime &+= other.finishedScrollingTime
    if other.peakLiveViews > peakLiveViews { peakLiveViewsFrame = nil }
    peakLiveViews = max(peakLiveViews, other.peakLiveViews)
    peakPoolSize = max(peakPoolSize, other.peakPoolSize)
    for (key, theirs) in other.identifiers {
      identifiers[key, default: .init(identifier: key)].merge(theirs)
    }
    lifecycle.merge(other.lifecycle)
  }

  private var finishedScrollingTime: Int64 { mergedScrollingTime &+ clock.finishedScrollingTime }

  /// The summary so far; the last frame counts as one refresh interval.
  public var summary: ReuseChurnSummary {
    var folded = self
    folded.foldRecentRows()
    let identifiers = folded.identifiers
    let scrolling = finishedScrollingTime
    let dequeues = reused + created
    return ReuseChurnSummary(
      dequeuesReused: reused, dequeuesCreated: created, enqueues: enqueued,
      hitRate: dequeues > 0 ? Double(reused) / Double(dequeues) : nil, viewsCreated: viewsCreated,
      viewsCreatedWhileScrolling: viewsCreatedScrolling, scrollingTime: scrolling,
      viewsCreatedPerScrollingSecond: scrolling > 0
        ? Double(viewsCreatedScrolling) / (Double(scrolling) / 1e9) : 0,
      peakLiveViews: peakLiveViews, peakLiveViewsFrame: peakLiveViewsFrame,
      peakPoolSize: peakPoolSize,
      identifiers: identifiers.keys.sorted().compactMap { identifiers[$0] },
      lifecycle: lifecycle.summary)
  }
}

/// A replay's reuse-pool traffic.
public struct ReuseChurnSummary: Sendable, Hashable {
  /// Dequeues that reused a queued view.
  public var dequeuesReused: Int
  /// Dequeues that had to create a view.
  public var dequeuesCreated: Int
  /// Views put back into the pool.
  public var enqueues: Int
  /// Reused over all dequeues (nil without dequeues).
  public var hitRate: Double?
  /// Views created, by dequeues or otherwise.
  public var viewsCreated: Int
  /// Views created in scrolling frames, first layouts aside.
  public var viewsCreatedWhileScrolling: Int
  /// Time spent scrolling, in nanoseconds.
  public var scrollingTime: Int64
  /// Views created while scrolling per second of scrolling.
  public var viewsCreatedPerScrollingSecond: Double
  /// The most views in use at once.
  public var peakLiveViews: Int
  /// The first frame with that many (nil in a total over traces).
  public var peakLiveViewsFrame: Int64?
  /// The most views queued at once, over all identifiers.
  public var peakPoolSize: Int
  /// The same per reuse identifier, sorted by identifier.
  public var identifiers: [Identifier]
  /// Each view's steps (created, configured, prepared for reuse, reused, enqueued, removed) and
  /// those out of UIKit's order, from the engine's `EngineFrame.viewEvents`.
  public var lifecycle: ViewLifecycleSummary

  /// One reuse identifier's traffic.
  public struct Identifier: Sendable, Hashable {
    /// The reuse identifier.
    public var identifier: String
    /// Dequeues that reused a view.
    public var dequeuesReused = 0
    /// Dequeues that created a view.
    public var dequeuesCreated = 0
    /// Views enqueued.
    public var enqueues = 0
    /// The most views queued at once.
    public var peakPoolSize = 0

    /// No traffic yet.
    public init(identifier: String) { self.identifier = identifier }

    /// Reused over all dequeues (nil without dequeues).
    public var hitRate: Double? {
      let dequeues = dequeuesReused + dequeuesCreated
      return dequeues > 0 ? Double(dequeuesReused) / Double(dequeues) : nil
    }

    mutating func add(_ size: EngineFrame.PoolSize) {
      dequeuesReused += size.reused
      dequeuesCreated += size.created
      enqueues += size.enqueued
      peakPoolSize = max(peakPoolSize, size.count)
    }

    mutating func merge(_ other: Self) {
      dequeuesReused += other.dequeuesReused
      dequeuesCreated += other.dequeuesCreated
      enqueues += other.enqueues
      peakPoolSize = max(peakPoolSize, other.peakPoolSize)
    }
  }
}
