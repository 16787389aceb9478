// scrolltrace — content that moves under the finger when the content changes.

import Foundation
public import Replay
import TraceCore

/// Finds content shifts: frames where the content the user is looking at moved on screen beyond
/// what the finger, the physics or a programmatic scroll explain (`ReplayFrame.inputDisplacement`),
/// each attributed to its cause — a size resolved while laying out, a batch update, `reloadData`,
/// an inset change, a resize.
///
/// The content looked at is the item under the finger while one is down, and otherwise the first
/// item wholly inside the viewport: the point of it under the finger (kept at its distance from
/// the item's top-left corner), or that corner. It is
/// followed by its identity (`EngineFrame.VisibleItem.id`), so an insert above it, which moves
/// every index, does not lose it; the analysis therefore applies only to engines that report
/// identities (`SelfSizingEngine`), and its summary is `nil` for the others, whose content
/// movement `OffsetJumpAnalyzer` measures. An item pushed off screen is found among the engine's
/// nearby items (`EngineFrame.nearbyItems`, a viewport length either side); failing that, the
/// first other item of the previous frame found is followed instead, and when none is, the frame
/// is not judged.
///
/// A list resting at the bottom of its content that is still there after the change kept its
/// bottom, as a chat does when a message arrives or the last one resizes: that movement is the
/// list doing its job, not a shift. One that a change the input does not explain leaves above the
/// bottom is counted apart (`ContentShiftSummary.leftBottom`).
///
/// Beside it, the speed a fling lost at an update: in a frame that follows an update (an edit, a
/// content or viewport change) while the content was decelerating, how much slower the content
/// moves than the deceleration of the two frames before predicts.
public struct ContentShiftAnalyzer: FrameAnalyzer {
  /// Shifts at most this large are not counted, in points.
  public let threshold: Double
  private(set) var shifts: CappedEvents<ContentShift>
  private(set) var losses: CappedEvents<FlingVelocityLoss>
  private(set) var largest = 0.0
  private(set) var total = 0.0
  private(set) var whileTracking = 0
  private(set) var byCause: [ContentShift.Cause: (count: Int, total: Double)] = [:]
  private(set) var largestVelocityLost = 0.0
  private(set) var updatesMidFling = 0
  private(set) var leaves: CappedEvents<BottomLeave>
  private(set) var largestBottomGap = 0.0
  /// Whether a frame reported item identities: the analysis applies.
  private(set) var applies = false
  /// Whether the engine may report identities at all; when it may not, no frame is looked at.
  private let itemIdentities: Bool
  /// The frame before, valid once `hasPrevious`: kept in place, not as an optional, so that
  /// neither reading nor updating it copies it (about 100 instructions a frame).
  private var previous = Previous()
  private var hasPrevious = false

  /// What the next frame is compared with, updated in place frame after frame.
  private struct Previous: Sendable {
    var reference: (id: Int, section: Int, within: Point, onScreen: Point)?
    /// The frame's visible items, whose others with an identity are followed instead when the
    /// reference left the viewport (content pushed away by an insert above it): the report's own
    /// list, kept rather than copied (an engine that reports the same items again reports the
    /// same storage), and empty for an engine without identities.
    var items: [EngineFrame.VisibleItem] = []
    /// The frame's content area's top-left corner, in content coordinates: where the items were
    /// on screen.
    var area = Point.zero
    var phase = ScrollPhase.idle
    var speed = 0.0
    /// The frame before's speed and time, for the deceleration's own decay.
    var earlier: (speed: Double, time: Int64)?
    var time: Int64 = 0
    /// How far the list was above the bottom of its content, in points.
    var gapToBottom = 0.0
    /// Where the visible area ended on screen (bounds less bottom inset), and the bounds, in points.
    var visibleBottom = 0.0
    var boundsHeight = 0.0

    /// Takes `frame`, whose content looked at is `reference` and whose speed and gap to the bottom
    /// are `speed` and `gap`, as the frame the next is compared with; `earlier` is the speed and
    /// time of the frame before it.
    mutating func take(
      _ frame: borrowing ReplayFrame,
      reference: (id: Int, section: Int, within: Point, onScreen: Point)?,
      items: [EngineFrame.VisibleItem], speed: Double, gap: Double,
      earlier: (speed: Double, time: Int64)?
    ) {
      self.reference = reference
      self.items = items
      area = frame.contentArea.origin
      phase = frame.phase
      self.speed = speed
      self.earlier = earlier
      time = frame.time
      gapToBottom = gap
      visibleBottom = frame.boundsSize.height - frame.adjustedContentInset.bottom
      boundsHeight = frame.boundsSize.height
    }
  }

  /// An analyzer counting shifts larger than `threshold` points, listing at most `eventLimit`, of
  /// an engine that may report item identities (`ScrollEngine.reportsItemIdentities`; without
  /// them the analysis never applies, and no frame is looked at).
  public init(threshold: Double, eventLimit: Int, itemIdentities: Bool = true) {
    self.threshold = threshold
    self.itemIdentities = itemIdentities
    shifts = CappedEvents(limit: eventLimit)
    losses = CappedEvents(limit: eventLimit)
    leaves = CappedEvents(limit: eventLimit)
  }

  /// Takes a run of frames at rest: the second repeat shows what every later one would.
  public mutating func consume(_ run: FrameRun) {
    guard itemIdentities else { return }
    consume(run) { analyzer, _, _ in
      // At rest nothing moves and no update arrives: a repeat finds nothing and leaves the
      // reference as it was, but for the clock of the deceleration's decay, which rest resets.
      analyzer.previous.earlier = nil
      return true
    }
  }

  public mutating func consume(_ frame: ReplayFrame) {
    guard itemIdentities else { return }
    let items = frame.engine.visibleItems
    if !applies, items.contains(where: { $0.id != nil }) { applies = true }
    let speed = frame.velocity.distance(to: .zero)
    let gap = frame.gapToBottom
    defer {
      let earlier = hasPrevious ? (speed: previous.speed, time: previous.time) : nil
      previous.take(
        frame, reference: Self.reference(in: frame), items: applies ? items : [], speed: speed,
        gap: gap, earlier: earlier)
      hasPrevious = true
    }
    guard hasPrevious else { return }
    let wasAtBottom = previous.gapToBottom <= threshold && previous.phase == .idle
    let isExplained = abs(frame.inputDisplacement.y) > threshold
    if wasAtBottom, !isExplained, gap > threshold {
      largestBottomGap = max(largestBottomGap, gap)
      leaves.append(
        BottomLeave(
          frame: frame.index, time: frame.time, gap: gap, cause: ContentShift.Cause(frame.events)))
    }
    let keptBottom = wasAtBottom && gap <= threshold && !frame.isTracking
    if !keptBottom, let (item, before, after) = Self.followed(previous, in: frame) {
      let movement = Point(
        x: after.x - before.x + frame.inputDisplacement.x,
        y: after.y - before.y + frame.inputDisplacement.y)
      var size = movement.distance(to: .zero)
      // Under the same bounds, content that rode with the bottom of the visible area (a chat
      // following the keyboard) kept its place as well as content that stayed under the top.
      let edge =
        frame.boundsSize.height - frame.adjustedContentInset.bottom - previous.visibleBottom
      if edge != 0, frame.boundsSize.height == previous.boundsHeight {
        size = min(size, Point(x: movement.x, y: movement.y - edge).distance(to: .zero))
      }
      if size > threshold {
        let cause = ContentShift.Cause(frame.events)
        largest = max(largest, size)
        total += size
        if frame.isTracking { whileTracking += 1 }
        byCause[cause, default: (0, 0)].count += 1
        byCause[cause, default: (0, 0)].total += size
        shifts.append(
          ContentShift(
            frame: frame.index, time: frame.time, size: size, movement: movement, cause: cause,
            item: item, whileTracking: frame.isTracking))
      }
    }
    let updates: FrameEvents = [.sceneEdit, .contentChange, .resize]
    if previous.phase == .decelerating, !frame.events.isDisjoint(with: updates) {
      updatesMidFling += 1
      var expected = previous.speed
      if let earlier = previous.earlier, earlier.speed > 0, previous.time > earlier.time {
        // The deceleration's own decay over the last frame, carried over this one.
        let ratio = min(previous.speed / earlier.speed, 1)
        let steps = Double(frame.time &- previous.time) / Double(previous.time &- earlier.time)
        expected = steps.isFinite ? previous.speed * pow(ratio, steps) : 0
      }
      let lost = max(expected - speed, 0)
      if lost > 0 {
        largestVelocityLost = max(largestVelocityLost, lost)
        losses.append(
          FlingVelocityLoss(
            frame: frame.index, time: frame.time, expected: expected, after: speed, lost: lost,
            cause: ContentShift.Cause(frame.events)))
      }
    }
  }

  /// The item followed, where it was on screen in the previous frame and where it is in `frame`:
  /// the reference, found among the visible or nearby items, or failing that the first other item
  /// of the previous frame found there; nil when none is.
  private static func followed(_ previous: Previous, in frame: ReplayFrame) -> (
    id: Int, before: Point, after: Point
  )? {
    let items = frame.engine.visibleItems
    let nearby = frame.engine.nearbyItems
    func find(_ id: Int, _ section: Int) -> EngineFrame.VisibleItem? {
      items.first { $0.id == id && $0.section == section }
        ?? nearby.first { $0.id == id && $0.section == section }
    }
    if let reference = previous.reference, let item = find(reference.id, reference.section) {
      return (
        reference.id, reference.onScreen, onScreen(reference.within, of: item.frame, in: frame)
      )
    }
    for other in previous.items {
      if let id = other.id, let item = find(id, other.section) {
        return (
          id, onScreen(.zero, of: other.frame, at: previous.area),
          onScreen(.zero, of: item.frame, in: frame)
        )
      }
    }
    return nil
  }

  /// The content the user looks at in `frame`: the item under the finger, or the first item
  /// wholly inside the viewport.
  private static func reference(in frame: ReplayFrame) -> (
    id: Int, section: Int, within: Point, onScreen: Point
  )? {
    let items = frame.engine.visibleItems
    if let touch = frame.touchLocation {
      let point = Point(x: touch.x + frame.contentOffset.x, y: touch.y + frame.contentOffset.y)
      for item in items {
        guard let id = item.id, item.frame.contains(point) else { continue }
        let within = Point(x: point.x - item.frame.minX, y: point.y - item.frame.minY)
        return (id, item.section, within, onScreen(within, of: item.frame, in: frame))
      }
    }
    let viewport = frame.viewport
    for item in items {
      guard let id = item.id, viewport.contains(item.frame) else { continue }
      return (id, item.section, .zero, onScreen(.zero, of: item.frame, in: frame))
    }
    return nil
  }

  /// Where the point `within` points of `box`'s top-left corner is on screen, from the content
  /// area's top-left corner (the bounds inside the adjusted insets).
  ///
  /// A point is kept at a distance from its item's corner, not at a fraction of it: an item that
  /// grows as it resolves its size, or widens in a rotation, keeps what is at its top where it
  /// was. Measured from the content area, content that keeps its place under a bar whose height
  /// changes (a rotation's safe area) has not moved for the reader.
  private static func onScreen(_ within: Point, of box: Rect, in frame: ReplayFrame) -> Point {
    onScreen(within, of: box, at: frame.contentArea.origin)
  }

  /// The point `within` of `box` on screen, from the content area's origin `area`.
  private static func onScreen(_ within: Point, of box: Rect, at area: Point) -> Point {
    Point(x: box.minX + within.x - area.x, y: box.minY + within.y - area.y)
  }

  /// Adds another trace's analysis (for a total over traces).
  public mutating func merge(_ other: ContentShiftAnalyzer) {
    shifts.merge(other.shifts)
    losses.merge(other.losses)
    largest = max(largest, other.largest)
    total += other.total
    whileTracking += other.whileTracking
    for (cause, entry) in other.byCause {
      byCause[cause, default: (0, 0)].count += entry.count
      byCause[cause, default: (0, 0)].total += entry.total
    }
    largestVelocityLost = max(largestVelocityLost, other.largestVelocityLost)
    updatesMidFling += other.updatesMidFling
    leaves.merge(other.leaves)
    largestBottomGap = max(largestBottomGap, other.largestBottomGap)
    applies = applies || other.applies
  }

  /// The summary so far; `nil` when no frame reported item identities.
  public var summary: ContentShiftSummary? {
    guard applies else { return nil }
    return ContentShiftSummary(
      threshold: threshold, count: shifts.count, largest: largest, totalDistance: total,
      whileTracking: whileTracking,
      byCause: ContentShift.Cause.allCases.compactMap { cause in
        byCause[cause].map { .init(cause: cause, count: $0.count, totalDistance: $0.total) }
      },
      shifts: shifts.events, shiftsOmitted: shifts.omitted, updatesMidFling: updatesMidFling,
      largestVelocityLost: largestVelocityLost, velocityLosses: losses.events,
      velocityLossesOmitted: losses.omitted, leftBottom: leaves.count,
      largestBottomGap: largestBottomGap, bottomLeaves: leaves.events)
  }
}
