// scrolltrace — the queue of views waiting to be reused.

import DequeModule

/// A reuse queue of views keyed by reuse identifier, as `dequeueReusableCell(withIdentifier:for:)`:
/// a dequeue returns a queued view of that identifier or creates one; an enqueue puts a view back.
///
/// Views are numbers. The pool records every step of each view's life as a ``ViewEvent`` (created,
/// configured, prepared for reuse, reused, enqueued, removed), which ``EngineFrame/take(from:)``
/// reports. FIFO per identifier and unbounded, as UIKit's queue and CardScrollView's are (UIKit
/// documents no cap; CardScrollView's pool is never trimmed: `NikolaySohryakov/CardScrollView`
/// @ 017e6132, `Source/CardScrollView.swift`).
///
/// Two storage strategies reproduce the two shapes the seed components use:
/// - ``Strategy/linearScan``: one FIFO array for every identifier, searched from the front for the
///   first view of the identifier (CardScrollView's `dequeueСard`): O(pool size) per dequeue, every
///   step counted in ``WorkCounters/poolScanSteps``;
/// - ``Strategy/keyed``: one FIFO deque per identifier: O(1) per dequeue (one step).
public struct ReusePool: Sendable {
  /// How queued views are stored and found.
  public enum Strategy: String, Sendable, Hashable {
    /// One array, scanned from the front.
    case linearScan
    /// A deque per identifier.
    case keyed
  }

  /// The storage strategy.
  public let strategy: Strategy
  private var queue: [(view: Int, identifier: String)] = []
  /// ``Strategy/keyed``: a FIFO deque per identifier, in the order the identifiers were first
  /// enqueued, and each identifier's place among them.
  private var queues: [Deque<Int>] = []
  private var slots: [String: Int] = [:]
  /// The identifier last looked up in ``slots`` and its place: a list dequeues and enqueues one
  /// identifier over and over, and comparing it costs less than hashing it.
  private var lastSlot: (identifier: String, slot: Int)?
  /// Views queued per identifier that was ever enqueued, identifiers sorted: kept in order as
  /// they change (a few identifiers), so that reporting them every frame needs no sort.
  private var queued: [(identifier: String, count: Int)] = []
  /// Each view's identifier by its number less ``firstView`` (views are numbered in creation
  /// order); `nil` once removed.
  private var identifiers: [String?] = []
  private let firstView: Int
  private var nextView: Int

  /// Totals since the pool was made.
  public private(set) var totals = ReuseCounters()
  /// What happened to each view since the last ``takeFrame()``, in order.
  public private(set) var frameEvents: [ViewEvent] = []
  /// Pool scan steps since the last ``takeFrame()``.
  public private(set) var frameScanSteps = 0

  /// An empty pool whose views are numbered from `firstView` up (an engine with several pools
  /// starts each at a different number, so that every view of the engine has its own number).
  public init(strategy: Strategy, firstView: Int = 0) {
    self.strategy = strategy
    self.firstView = firstView
    nextView = firstView
  }

  /// A view for `identifier`: the oldest queued one, or a new one.
  ///
  /// Returns the view and whether it
  /// was reused. A reused view gets `prepareForReuse()` first when `preparingForReuse` is true, as
  /// UIKit's queue always does.
  ///
  /// - Complexity: O(*n*) in the views queued for ``Strategy/linearScan``, O(1) for
  ///   ``Strategy/keyed``.
  public mutating func dequeue(_ identifier: String, preparingForReuse: Bool = true) -> (
    view: Int, reused: Bool
  ) {
    var found: Int?
    switch strategy {
    case .linearScan:
      var steps = 0
      for (position, entry) in queue.enumerated() {
        steps += 1
        if entry.identifier == identifier {
          found = entry.view
          queue.remove(at: position)
          break
        }
      }
      frameScanSteps += max(steps, 1)
    case .keyed:
      if let slot = slot(of: identifier, inserting: false) { found = queues[slot].popFirst() }
      frameScanSteps += 1
    }
    if let view = found {
      changeQueued(identifier, by: -1)
      totals.reused += 1
      if preparingForReuse {
        frameEvents.append(ViewEvent(.preparedForReuse, view: view, identifier: identifier))
      }
      frameEvents.append(ViewEvent(.reused, view: view, identifier: identifier))
      return (view, true)
    }
    let view = nextView
    nextView += 1
    identifiers.append(identifier)
    totals.created += 1
    frameEvents.append(ViewEvent(.created, view: view, identifier: identifier))
    return (view, false)
  }

  /// Records that `view` was given an item's content (the data source's `cellForRowAt`); counted
  /// in ``WorkCounters/itemsConfigured`` when reported.
  public mutating func configure(_ view: Int) {
    guard let identifier = identifier(of: view) else { return }
    frameEvents.append(ViewEvent(.configured, view: view, identifier: identifier))
  }

  /// A view for an item of `identifier`, dequeued and given the item's content: what a data
  /// source's `cellForRowAt` does.
  public mutating func dequeueConfigured(_ identifier: String) -> Int {
    let view = dequeue(identifier).view
    configure(view)
    return view
  }

  /// Puts `view` back in the queue of its identifier.
  public mutating func enqueue(_ view: Int) {
    guard let identifier = identifier(of: view) else { return }
    switch strategy {
    case .linearScan: queue.append((view, identifier))
    case .keyed:
      if let slot = slot(of: identifier, inserting: true) { queues[slot].append(view) }
    }
    changeQueued(identifier, by: 1)
    totals.enqueued += 1
    frameEvents.append(ViewEvent(.enqueued, view: view, identifier: identifier))
  }

  /// Lets `view` go for good, queued or not: it leaves the queue and is never handed out again.
  ///
  /// - Complexity: O(*n*) in the views queued.
  public mutating func remove(_ view: Int) {
    guard let index = index(of: view), let identifier = identifiers[index] else { return }
    identifiers[index] = nil
    var wasQueued = false
    switch strategy {
    case .linearScan:
      if let position = queue.firstIndex(where: { $0.view == view }) {
        queue.remove(at: position)
        wasQueued = true
      }
    case .keyed:
      if let slot = slot(of: identifier, inserting: false),
        let position = queues[slot].firstIndex(of: view)
      {
        queues[slot].remove(at: position)
        wasQueued = true
      }
    }
    if wasQueued { changeQueued(identifier, by: -1) }
    frameEvents.append(ViewEvent(.removed, view: view, identifier: identifier))
  }

  /// Views queued per identifier, identifiers sorted.
  public var queuedByIdentifier: [(identifier: String, count: Int)] { queued }

  /// Adds `delta` to the views queued for `identifier`, giving it a row in order the first time.
  private mutating func changeQueued(_ identifier: String, by delta: Int) {
    if let row = queued.firstIndex(where: { $0.identifier == identifier }) {
      queued[row].count += delta
    } else {
      let row = queued.firstIndex { $0.identifier > identifier } ?? queued.endIndex
      queued.insert((identifier, max(delta, 0)), at: row)
    }
  }

  /// Views ever created.
  public var createdCount: Int { nextView &- firstView }

  /// The place of `view` in ``identifiers``, if the pool created it.
  private func index(of view: Int) -> Int? {
    let (index, overflow) = view.subtractingReportingOverflow(firstView)
    return !overflow && index >= 0 && index < identifiers.count ? index : nil
  }

  /// The identifier of `view`, if the pool created it and has not removed it.
  private func identifier(of view: Int) -> String? {
    index(of: view).flatMap { identifiers[$0] }
  }

  /// The place of `identifier`'s deque in ``queues``, made (empty) when `inserting` and missing.
  private mutating func slot(of identifier: String, inserting: Bool) -> Int? {
    if let last = lastSlot, last.identifier == identifier { return last.slot }
    var slot = slots[identifier]
    if slot == nil, inserting {
      slot = queues.count
      slots[identifier] = queues.count
      queues.append([])
    }
    if let slot { lastSlot = (identifier, slot) }
    return slot
  }

  /// Returns the events and scan steps since the last call and starts new ones.
  public mutating func takeFrame() -> (events: [ViewEvent], scanSteps: Int) {
    let taken = (frameEvents, frameScanSteps)
    frameEvents = []
    frameScanSteps = 0
    return taken
  }

  /// Starts new events and scan steps, as ``takeFrame()`` does, but keeps the events' storage
  /// for the next frame's: for a caller that has read ``frameEvents`` and ``frameScanSteps`` in
  /// place (``EngineFrame/take(from:)``), so that a frame with view events allocates nothing.
  mutating func startFrame() {
    frameEvents.removeAll(keepingCapacity: true)
    frameScanSteps = 0
  }
}

/// Dequeues that reused a view, dequeues that created one, and enqueues.
public struct ReuseCounters: Sendable, Hashable {
  /// Dequeues answered from the queue.
  public var reused = 0
  /// Dequeues that created a view.
  public var created = 0
  /// Views put back in the queue.
  public var enqueued = 0

  /// Zero counts.
  public init() {}
}
