// scrolltrace — the queue of views waiting to be reused.

import DequeModule

/// A reuse queue of views keyed by reuse identifier, as `dequeueReusableCell(withIdentifier:for:)`:
/// a dequeue returns a queued view of that identifier or creates one; an enqueue puts a view back.
/// Views are numbers; the pool counts everything an analyzer needs (reference:
/// seed-components.md §4.1, §6.4: FIFO per identifier, unbounded).
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
  private var queues: [String: Deque<Int>] = [:]
  private var sizes: [String: Int] = [:]
  private var identifiers: [Int: String] = [:]
  private var nextView = 0

  /// Totals since the pool was made.
  public private(set) var totals = ReuseCounters()
  /// Counts since the last ``takeFrameCounters()``.
  public private(set) var frame = ReuseCounters()
  /// Pool scan steps since the last ``takeFrameCounters()``.
  public private(set) var frameScanSteps = 0
  /// Counts since the last ``takeFrameCounters()``, per reuse identifier.
  public private(set) var frameByIdentifier: [String: ReuseCounters] = [:]

  /// An empty pool.
  public init(strategy: Strategy) {
    self.strategy = strategy
  }

  /// A view for `identifier`: the oldest queued one, or a new one. Returns the view and whether it
  /// was reused.
  public mutating func dequeue(_ identifier: String) -> (view: Int, reused: Bool) {
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
      found = queues[identifier]?.popFirst()
      frameScanSteps += 1
    }
    if let view = found {
      sizes[identifier, default: 1] -= 1
      frame.reused += 1
      frameByIdentifier[identifier, default: ReuseCounters()].reused += 1
      totals.reused += 1
      return (view, true)
    }
    let view = nextView
    nextView += 1
    identifiers[view] = identifier
    frame.created += 1
    frameByIdentifier[identifier, default: ReuseCounters()].created += 1
    totals.created += 1
    return (view, false)
  }

  /// Puts `view` back in the queue of its identifier.
  public mutating func enqueue(_ view: Int) {
    guard let identifier = identifiers[view] else { return }
    switch strategy {
    case .linearScan: queue.append((view, identifier))
    case .keyed: queues[identifier, default: []].append(view)
    }
    sizes[identifier, default: 0] += 1
    frame.enqueued += 1
    frameByIdentifier[identifier, default: ReuseCounters()].enqueued += 1
    totals.enqueued += 1
  }

  /// Views queued per identifier, identifiers sorted.
  public var queuedByIdentifier: [(identifier: String, count: Int)] {
    sizes.keys.sorted().map { ($0, sizes[$0] ?? 0) }
  }

  /// Views ever created.
  public var createdCount: Int { nextView }

  /// Returns the counts since the last call and starts new ones.
  public mutating func takeFrameCounters() -> (counters: ReuseCounters, scanSteps: Int) {
    defer {
      frame = ReuseCounters()
      frameScanSteps = 0
      frameByIdentifier.removeAll(keepingCapacity: true)
    }
    return (frame, frameScanSteps)
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
