// scrolltrace — each view's steps, checked against UIKit's cell lifecycle.

public import Replay
import TraceCore

/// Follows every view an engine reports in `EngineFrame.viewEvents` and counts each step and the
/// steps out of order.
///
/// UIKit's queue calls `prepareForReuse()` just before it hands a queued cell
/// out again and never on a new one (Apple's `UITableViewCell.prepareForReuse()` documentation),
/// so a reuse without it shows stale state; a view enqueued twice is handed out twice, and one
/// used after it was removed draws nothing.
///
/// Memory: a byte per view number an engine used, up to 1 MiB, then one entry per view created
/// and not yet removed (`ViewStateTable`).
public struct ViewLifecycleChecker: Sendable, Hashable {
  private enum State: UInt8, Sendable, Hashable {
    case inUse = 1
    case queued = 2
    case preparing = 3
  }

  private var states = ViewStateTable()
  private(set) var summary: ViewLifecycleSummary

  /// A checker that lists at most `eventLimit` violations.
  public init(eventLimit: Int) {
    summary = ViewLifecycleSummary(violations: CappedEvents(limit: eventLimit))
  }

  /// Follows the views of `frame`.
  public mutating func consume(_ frame: ReplayFrame) {
    for event in frame.engine.viewEvents { follow(event, frame: frame.index) }
  }

  /// Adds another trace's counts and violations (for a total over traces); views are not shared
  /// between traces.
  public mutating func merge(_ other: ViewLifecycleChecker) {
    summary.merge(other.summary)
  }

  private mutating func follow(_ event: ViewEvent, frame: Int64) {
    let state = State(rawValue: states[event.view])
    func violation(_ problem: ViewLifecycleSummary.Problem) {
      summary.violations.append(
        ViewLifecycleSummary.Violation(
          frame: frame, view: event.view, identifier: event.identifier, problem: problem))
    }
    func set(_ new: State) { states[event.view] = new.rawValue }
    switch event.kind {
    case .created:
      summary.created += 1
      if state != nil { violation(.createdTwice) }
      set(.inUse)
    case .configured:
      summary.configured += 1
      if state != .inUse { violation(.configuredWhileNotInUse) }
    case .preparedForReuse:
      summary.preparedForReuse += 1
      if state == .queued {
        set(.preparing)
      } else {
        violation(.preparedWhileNotQueued)
      }
    case .reused:
      summary.reused += 1
      switch state {
      case .preparing?: break
      case .queued?: summary.reusedWithoutPreparing += 1
      case .inUse?, nil: violation(.reusedWhileNotQueued)
      }
      set(.inUse)
    case .enqueued:
      summary.enqueued += 1
      if state != .inUse { violation(state == nil ? .enqueuedUnknown : .enqueuedTwice) }
      set(.queued)
    case .removed:
      summary.removed += 1
      if state == nil { violation(.removedUnknown) }
      states[event.view] = 0
    }
  }
}

/// Every step of the views an engine reported, and the steps out of UIKit's order.
public struct ViewLifecycleSummary: Sendable, Hashable {
  /// Views created.
  public var created = 0
  /// Views given an item's content.
  public var configured = 0
  /// `prepareForReuse()` calls.
  public var preparedForReuse = 0
  /// Queued views handed out again.
  public var reused = 0
  /// Of those, reused without `prepareForReuse()` (their old state shows).
  public var reusedWithoutPreparing = 0
  /// Views put back in the queue.
  public var enqueued = 0
  /// Views let go for good.
  public var removed = 0
  /// Steps out of order, the first few with where they happened.
  public var violations: CappedEvents<Violation>

  /// Adds another trace's lifecycle (for a total over traces).
  public mutating func merge(_ other: Self) {
    created += other.created
    configured += other.configured
    preparedForReuse += other.preparedForReuse
    reused += other.reused
    reusedWithoutPreparing += other.reusedWithoutPreparing
    enqueued += other.enqueued
    removed += other.removed
    violations.merge(other.violations)
  }

  /// What went out of order.
  public enum Problem: String, Sendable, Hashable, CaseIterable {
    /// A view number was created while the view still existed.
    case createdTwice
    /// Content given to a view that is queued, removed or unknown.
    case configuredWhileNotInUse
    /// `prepareForReuse()` on a view that is not queued.
    case preparedWhileNotQueued
    /// A view handed out by `dequeue` that was not queued (in use, removed or unknown).
    case reusedWhileNotQueued
    /// A queued view enqueued again: the queue would hand it out twice.
    case enqueuedTwice
    /// A view enqueued that was never created or was removed.
    case enqueuedUnknown
    /// A view removed that was never created or was removed already.
    case removedUnknown
  }

  /// One step out of order.
  public struct Violation: Sendable, Hashable {
    /// The frame whose report holds it.
    public var frame: Int64
    /// The view.
    public var view: Int
    /// The view's reuse identifier.
    public var identifier: String
    /// What went wrong.
    public var problem: Problem
  }
}

extension ViewLifecycleSummary {
  /// Lines for the table and markdown reports (the counts, then what went wrong); empty when the
  /// engine reported no view steps.
  package var lines: [String] {
    guard created + configured + reused + enqueued + removed > 0 else { return [] }
    var lines = [
      "created \(created) · configured \(configured) · prepared \(preparedForReuse) · reused \(reused) · "
        + "enqueued \(enqueued)" + (removed > 0 ? " · removed \(removed)" : "")
    ]
    if reusedWithoutPreparing > 0 {
      lines.append("\(reusedWithoutPreparing) reused without prepareForReuse()")
    }
    if violations.count > 0 {
      var text = "\(violations.count) out of order"
      if let first = violations.events.first {
        text +=
          "; first: view \(first.view) `\(TextFormat.tail(first.identifier, 16))` \(first.problem.rawValue), frame \(first.frame)"
      }
      lines.append(text)
    }
    return lines
  }
}
