// scrolltrace — what an engine reports at every frame.

public import TraceCore

/// An engine's state and work at one frame: the visible items, the reuse pool and the work done
/// since the previous frame.
///
/// Sizes are in points.
public struct EngineFrame: Sendable, Hashable {
  /// Items whose frames intersect the viewport, in content coordinates.
  public var visibleItems: [VisibleItem] = []
  /// Items with identities within one viewport length before and after the viewport, not in it,
  /// in content coordinates.
  ///
  /// They say where content the user was looking at went when an update pushed it off screen.
  /// Empty for an engine without item identities.
  public var nearbyItems: [VisibleItem] = []
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
  /// What happened to each view since the previous frame, in order: created, configured, prepared
  /// for reuse, reused, enqueued, removed (``ViewEvent``).
  ///
  /// ``record(_:)`` and ``take(from:)`` fill
  /// it with the counts above; the reuse analyzer checks each view's steps.
  public var viewEvents: [ViewEvent] = []
  /// For ``RestingRule/snapOffset``: the offset the component would come to rest at from the
  /// current one, in points — what its `targetContentOffset(forProposedContentOffset:)` (or the
  /// snapping code in `scrollViewWillEndDragging`) answers for the current offset.
  ///
  /// Nil: no opinion.
  public var restingOffset: Point?

  /// An empty report.
  public init() {}

  /// A report of `work` and of `pool`'s events since their last report, starting new counts in
  /// both: what most engines' ``ScrollEngine/frameReport(_:)`` begins with.
  public init(taking work: inout WorkCounters, from pool: inout ReusePool) {
    restart(taking: &work, from: &pool)
  }

  /// Empties the report for the next frame: every count zero and every list empty, as a new
  /// report, but the lists keep their storage, so an engine that reports in place
  /// (``ScrollEngine/frameReport(into:for:)``) allocates none once they are large enough.
  public mutating func removeAll() {
    // Field by field, in place (a new report swapped in cost about 580 instructions a frame):
    // the lists emptied, every other field a new report's value. A field added to the report
    // must be reset here; `aReportEmptiedForReuseIsANewReportWithItsStorage` counts them.
    visibleItems.emptyMany()
    nearbyItems.emptyMany()
    poolSizes.empty()
    values.empty()
    viewEvents.empty()
    dequeuesReused = 0
    dequeuesCreated = 0
    enqueues = 0
    liveViews = 0
    viewsCreated = 0
    work = WorkCounters()
    restingOffset = nil
  }

  /// Empties the report (``removeAll()``) and starts it as ``init(taking:from:)`` does: `work`
  /// and `pool`'s events since their last report, starting new counts in both.
  public mutating func restart(taking work: inout WorkCounters, from pool: inout ReusePool) {
    // Most frames: no view event, and the pool's identifiers those of the report's rows. The rows
    // are then taken out before the report is emptied and set in place, their identifiers kept,
    // rather than emptied and filled again.
    let queued = pool.queuedByIdentifier
    let keepsRows =
      pool.frameEvents.isEmpty && pool.frameScanSteps == 0 && poolSizes.count == queued.count
      && poolSizes.indices.allSatisfy { poolSizes[$0].identifier == queued[$0].identifier }
    var rows: [PoolSize] = []
    if keepsRows { swap(&rows, &poolSizes) }
    removeAll()
    self.work = work
    work = WorkCounters()
    guard keepsRows else { return take(from: &pool) }
    swap(&rows, &poolSizes)
    for row in poolSizes.indices {
      poolSizes[row].count = queued[row].count
      poolSizes[row].reused = 0
      poolSizes[row].created = 0
      poolSizes[row].enqueued = 0
    }
    viewsCreated = pool.createdCount
  }

  /// Adds `event` to ``viewEvents`` and to the counts it stands for: a created view to
  /// ``dequeuesCreated``, a reused one to ``dequeuesReused``, an enqueue to ``enqueues``, a
  /// configuration to ``WorkCounters/itemsConfigured``, each also in the identifier's
  /// ``poolSizes`` row (a row it adds with a count of 0 queued).
  ///
  /// An engine that keeps its own views
  /// reports them through this; one with a ``ReusePool`` calls ``take(from:)``. ``liveViews``
  /// and ``viewsCreated`` (states, not counts) stay the engine's to set.
  public mutating func record(_ event: ViewEvent) {
    viewEvents.append(event)
    func count(_ update: (inout PoolSize) -> Void) {
      if let row = poolSizes.firstIndex(where: { $0.identifier == event.identifier }) {
        update(&poolSizes[row])
      } else {
        var size = PoolSize(identifier: event.identifier, count: 0)
        update(&size)
        let row = poolSizes.firstIndex { $0.identifier > event.identifier } ?? poolSizes.endIndex
        poolSizes.insert(size, at: row)
      }
    }
    switch event.kind {
    case .created:
      dequeuesCreated += 1
      count { $0.created += 1 }
    case .reused:
      dequeuesReused += 1
      count { $0.reused += 1 }
    case .enqueued:
      enqueues += 1
      count { $0.enqueued += 1 }
    case .configured:
      work.itemsConfigured += 1
    case .preparedForReuse, .removed:
      break
    }
  }

  /// Adds a reuse pool's events since its last report (starting new ones) with ``record(_:)``,
  /// its created views, its queued views per identifier, and the pool scan steps to `work`.
  public mutating func take(from pool: inout ReusePool) {
    // The pool's events are read where they lie and its storage kept (most frames have none).
    if !pool.frameEvents.isEmpty || pool.frameScanSteps != 0 {
      for event in pool.frameEvents { record(event) }
      work.poolScanSteps += pool.frameScanSteps
      pool.startFrame()
    }
    viewsCreated += pool.createdCount
    let queued = pool.queuedByIdentifier
    if poolSizes.isEmpty {
      // Most frames: no view event, so no row yet; the pool's rows are already in order.
      poolSizes.reserveCapacity(queued.count)
      for (identifier, count) in queued {
        poolSizes.append(PoolSize(identifier: identifier, count: count))
      }
      return
    }
    for (identifier, queued) in queued {
      if let row = poolSizes.firstIndex(where: { $0.identifier == identifier }) {
        poolSizes[row].count += queued
      } else {
        let row = poolSizes.firstIndex { $0.identifier > identifier } ?? poolSizes.endIndex
        poolSizes.insert(PoolSize(identifier: identifier, count: queued), at: row)
      }
    }
  }

  /// What the report holds item by item, as ``ReplayLimits`` counts it: visible items, view
  /// events and view frames set (saturating; a negative count counts as none).
  public var reportedItems: Int64 {
    // Each count is at most Int64.max, so the sum of two fits in a UInt64.
    func add(_ total: Int64, _ count: Int) -> Int64 {
      let sum = UInt64(total) + UInt64(max(count, 0))
      return sum > UInt64(Int64.max) ? .max : Int64(sum)
    }
    return add(add(add(0, visibleItems.count), viewEvents.count), work.framesSet)
  }

  /// One visible item.
  public struct VisibleItem: Sendable, Hashable {
    /// The section (0 for pages and lists; the child for a container).
    public var section: Int
    /// The item's index in its section.
    public var index: Int
    /// The item's frame in the scroll view's content coordinates.
    public var frame: Rect
    /// The item's identity, which survives inserts, deletes and moves (a diffable data source's
    /// item identifier), for an engine that keeps one (``SelfSizingEngine``); nil otherwise, and
    /// items are then followed by section and index.
    public var id: Int?

    /// Creates a visible item.
    public init(section: Int, index: Int, frame: Rect, id: Int? = nil) {
      self.section = section
      self.index = index
      self.frame = frame
      self.id = id
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
    public init(
      identifier: String, count: Int, reused: Int = 0, created: Int = 0, enqueued: Int = 0
    ) {
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

extension Array {
  /// Removes every element and keeps the storage: one `removeLast()` each, which for the few
  /// elements of a frame's report costs a fraction of `removeAll(keepingCapacity: true)`'s
  /// general path (`replaceSubrange`).
  @inline(__always)
  fileprivate mutating func empty() {
    while !isEmpty { removeLast() }
  }

  /// ``empty()`` for a list that may be long: past 8 elements, `removeAll(keepingCapacity:)`,
  /// whose fixed cost is then below one uniqueness check per `removeLast()` (a nested container
  /// reports about twenty visible rows a frame).
  @inline(__always)
  fileprivate mutating func emptyMany() {
    guard count > 8 else { return empty() }
    removeAll(keepingCapacity: true)
  }
}
