// scrolltrace — content that moves on screen without the input moving it.

public import Replay
import TraceCore

/// Finds offset jumps: frames where the content on screen moved by more than a threshold beyond
/// what the input explains — the finger while dragging (rubber band included), deceleration,
/// bounce, page snaps, animations and programmatic scrolls (`ReplayFrame.inputDisplacement`).
///
/// The content is followed, not the offset: the analyzer anchors the content at two points of the
/// content area (the bounds inside the adjusted insets) — its top-left corner and its centre —
/// on the items there, by fraction; finds both anchors in the next frame and compares where they
/// are on screen with where the input alone would have put them. A jump is a frame where *both*
/// moved by more than the threshold (its size is the smaller): the two are the conventional ways
/// to keep a reader's place — UIKit keeps the top of a list across a rotation, a pager or
/// KRScrollView keeps the centre — so a change that keeps either keeps the place. An engine that
/// moves the offset to compensate a layout change (a card above the viewport collapsing) makes no
/// jump; one that moves the offset while the content stays (a card below collapsing), or leaves it
/// while the content moves (an item inserted above), does. Items are matched by section and index.
///
/// A reader's place is kept by the bottom too: when only the insets change (the keyboard), a third
/// anchor at the content area's bottom-left corner must move as well; and a list resting at the
/// bottom of tall content that a change of content leaves there (a chat revealing a message) makes
/// no jump (`ContentShiftAnalyzer` counts a list a change left above its bottom).
///
/// At each resize it also measures the anchor drift: how far the content point that was under the
/// centre of the content area is from the centre afterwards.
public struct OffsetJumpAnalyzer: FrameAnalyzer {
  /// Jumps at most this small are not counted, in points.
  public let threshold: Double
  private(set) var jumps: CappedEvents<OffsetJump>
  private(set) var drifts: CappedEvents<AnchorDrift>
  private(set) var largest = 0.0
  private(set) var totalDistance = 0.0
  private(set) var worstDrift = 0.0
  /// The frame before, valid once `hasPrevious`: updated in place, not kept as an optional, so
  /// that neither reading nor updating it copies it.
  private var previous = Previous()
  private var hasPrevious = false

  /// What the next frame is compared with: the previous frame's geometry and anchors (not the
  /// frame itself, whose arrays a copy would retain every frame).
  private struct Previous: Sendable {
    var contentOffset = Point.zero
    var boundsSize = Size.zero
    var corner = Point.zero
    var centre = Point.zero
    var bottomCorner = Point.zero
    var leading = ContentAnchor.content(.zero)
    var centreAnchor = ContentAnchor.content(.zero)
    var trailing = ContentAnchor.content(.zero)
    /// How far the list was above its bottom, whether it rested on content taller than its
    /// content area, and the content's height, in points.
    var gapToBottom = 0.0
    var restsOnTallContent = false
    var contentHeight = 0.0

    /// Takes `frame`, whose reference points are `points`, as the frame the next is compared with.
    mutating func take(_ frame: borrowing ReplayFrame, points: ReferencePoints) {
      contentOffset = frame.contentOffset
      boundsSize = frame.boundsSize
      corner = points.corner
      centre = points.centre
      bottomCorner = points.bottomCorner
      leading = ContentAnchor(at: corner, in: frame)
      centreAnchor = ContentAnchor(at: centre, in: frame)
      trailing = ContentAnchor(at: bottomCorner, in: frame)
      gapToBottom = frame.gapToBottom
      contentHeight = frame.contentSize.height
      restsOnTallContent =
        frame.phase == .idle && frame.contentSize.height > points.height
    }
  }

  /// An analyzer counting jumps larger than `threshold` points, listing at most `eventLimit`.
  public init(threshold: Double, eventLimit: Int) {
    self.threshold = threshold
    jumps = CappedEvents(limit: eventLimit)
    drifts = CappedEvents(limit: eventLimit)
  }

  /// Takes a run of frames: once a repeat of the run's frame shows no jump and no drift, neither
  /// do the others (the analyzer compares what frames show, not when), so they are not compared.
  public mutating func consume(_ run: FrameRun) {
    consume(run.first)
    guard run.count > 1 else { return }
    let found = (jumps.count, drifts.count)
    consume(run.frame(at: 1))
    // A jump or drift from one repeat to the next would repeat: then compare them all.
    guard jumps.count != found.0 || drifts.count != found.1 else { return }
    for offset in 2..<run.count { consume(run.frame(at: offset)) }
  }

  public mutating func consume(_ frame: ReplayFrame) {
    let points = ReferencePoints(frame.contentArea)
    defer {
      previous.take(frame, points: points)
      hasPrevious = true
    }
    guard hasPrevious else { return }
    let cornerDrift = Self.drift(
      to: previous.leading.location(in: frame, fallback: previous.corner), in: frame,
      at: points.corner)
    let centreDrift = Self.drift(
      to: previous.centreAnchor.location(in: frame, fallback: previous.centre), in: frame,
      at: points.centre)
    let cornerSize = Self.length(cornerDrift)
    let centreSize = Self.length(centreDrift)
    var (moved, size) =
      cornerSize <= centreSize ? (cornerDrift, cornerSize) : (centreDrift, centreSize)
    let areaHeight = points.bottomCorner.y - points.corner.y
    if frame.boundsSize == previous.boundsSize, frame.contentSize.height == previous.contentHeight,
      areaHeight != previous.bottomCorner.y - previous.corner.y
    {
      let bottomDrift = Self.drift(
        to: previous.trailing.location(in: frame, fallback: previous.bottomCorner), in: frame,
        at: points.bottomCorner)
      let bottomSize = Self.length(bottomDrift)
      if bottomSize < size { (moved, size) = (bottomDrift, bottomSize) }
    }
    // A list resting at its bottom that a change leaves there kept its place: a chat that
    // reveals the message that arrived.
    let keptBottom =
      previous.restsOnTallContent && abs(previous.gapToBottom) <= threshold
      && frame.boundsSize == previous.boundsSize && !frame.isTracking
      && frame.contentSize.height != previous.contentHeight && abs(frame.gapToBottom) <= threshold
    if size > threshold, !keptBottom {
      largest = max(largest, size)
      totalDistance += size
      jumps.append(
        OffsetJump(
          frame: frame.index, time: frame.time, size: size, contentMovement: moved,
          offsetChange: Point(
            x: frame.contentOffset.x - previous.contentOffset.x - frame.inputDisplacement.x,
            y: frame.contentOffset.y - previous.contentOffset.y - frame.inputDisplacement.y),
          cause: OffsetJump.Cause(frame.events), anchor: previous.leading.item))
    }
    if frame.boundsSize != previous.boundsSize {
      worstDrift = max(worstDrift, centreSize)
      drifts.append(
        AnchorDrift(
          frame: frame.index, time: frame.time, from: previous.boundsSize, to: frame.boundsSize,
          drift: centreDrift,
          distance: centreSize, anchor: previous.centreAnchor.item))
    }
  }

  /// How far the content now at `location` (where an anchor of the previous frame is in `after`)
  /// is from the same reference point `target` of `after`, beyond what the input explains, per
  /// axis in points.
  private static func drift(to location: Point, in after: ReplayFrame, at target: Point) -> Point {
    Point(
      x: location.x - target.x + after.inputDisplacement.x,
      y: location.y - target.y + after.inputDisplacement.y)
  }

  private static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

  /// The reference points of a frame's content area (the bounds inside the adjusted insets), in
  /// content coordinates: its top-left corner (what sits under a navigation bar is not what the
  /// user reads), its centre, and its bottom-left corner (above a keyboard).
  fileprivate struct ReferencePoints {
    var corner: Point
    var centre: Point
    var bottomCorner: Point
    /// The content area's height, in points.
    var height: Double

    init(_ area: Rect) {
      height = area.size.height
      corner = area.origin
      centre = Point(x: area.minX + area.size.width / 2, y: area.minY + area.size.height / 2)
      bottomCorner = Point(x: area.minX, y: area.minY + area.size.height)
    }
  }

  /// Adds another trace's analysis (for a total over traces).
  public mutating func merge(_ other: OffsetJumpAnalyzer) {
    jumps.merge(other.jumps)
    drifts.merge(other.drifts)
    largest = max(largest, other.largest)
    totalDistance += other.totalDistance
    worstDrift = max(worstDrift, other.worstDrift)
  }

  /// The summary so far.
  public var summary: OffsetJumpSummary {
    OffsetJumpSummary(
      threshold: threshold, count: jumps.count, largest: largest, totalDistance: totalDistance,
      jumps: jumps.events,
      jumpsOmitted: jumps.omitted, resizes: drifts.count, worstAnchorDrift: worstDrift,
      anchorDrifts: drifts.events,
      anchorDriftsOmitted: drifts.omitted)
  }
}
