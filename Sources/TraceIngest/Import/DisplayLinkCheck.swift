// scrolltrace — the recorder's display link against Instruments' record of the same session.

/// How the iOS recorder's display-link callbacks line up with what Instruments recorded of the
/// same session: whether each callback came on a vsync of the display, and whether the frame it
/// prepared is a frame Instruments saw reach the glass.
///
/// A display link's `timestamp` is the vsync the frame began from, and its `targetTimestamp` the
/// vsync it is to be displayed at (documented: Apple's `CADisplayLink.timestamp`,
/// https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp, and
/// `targetTimestamp`,
/// https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp). Both
/// should be vsyncs of the display, so a callback more than half a millisecond from every vsync
/// Instruments recorded is a recorder whose clock or frame attribution is off; and a frame whose
/// target is the expected vsync of a frame Instruments saw on glass is the same frame.
public struct DisplayLinkCheck: Sendable, Hashable {
  /// The recording's display-link frames.
  public var callbacks = 0
  /// Callbacks within the span of Instruments' vsyncs (judged against them).
  public var judged = 0
  /// Of those, the ones within half a millisecond of a vsync.
  public var onVsync = 0
  /// The median distance from a judged callback to the nearest vsync, in nanoseconds.
  public var medianDistance: Int64?
  /// The largest such distance, in nanoseconds.
  public var largestDistance: Int64?
  /// Instruments' vsyncs from the first judged callback to the last.
  public var vsyncsInSpan = 0
  /// Of those, the ones no callback came on: a display link that skips vsyncs (one held at 60 Hz
  /// on a 120 Hz display, without `CADisableMinimumFrameDurationOnPhone` or a
  /// `preferredFrameRateRange` — documented: Apple's "Optimizing ProMotion refresh rates for
  /// iPhone 13 Pro and iPad Pro",
  /// https://developer.apple.com/documentation/quartzcore/optimizing-promotion-refresh-rates-for-iphone-13-pro-and-ipad-pro;
  /// a main thread too busy to take the callback).
  public var vsyncsWithoutCallback = 0
  /// Instruments' frames whose expected vsync a callback targeted: they carry the recorder's
  /// offset, size and busy time.
  public var matched = 0
  /// Instruments' frames no callback targeted.
  public var unmatchedFrames = 0
  /// Callbacks whose target no Instruments frame was expected at (nothing new was displayed
  /// then, or the recording's frame is not the export's), left out of the trace.
  public var unmatchedCallbacks = 0

  /// Half a millisecond: a callback this close to a vsync is on it.
  public static let tolerance: Int64 = 500_000
}

extension InstrumentsFrames {
  /// These frames with what the recorder measured of each: the geometry and busy time of the
  /// display-link frame (among `recorded`, the recording's observed-frame events) that targeted
  /// the same vsync, within half a refresh; and the check of the recorder's timing against
  /// Instruments'.
  ///
  /// The recording's own frames are then left out of a trace that holds these: a replay follows
  /// one account of the display, and Instruments' says when each frame reached the glass.
  public func merged(with recorded: [TraceEvent]) -> (events: [TraceEvent], check: DisplayLinkCheck)
  {
    var check = DisplayLinkCheck()
    var links: [(time: Int64, frame: ObservedFrame)] = []
    for event in recorded {
      guard case .observedFrame(let frame) = event.payload, frame.source == .displayLink else {
        continue
      }
      links.append((event.timestamp, frame))
    }
    check.callbacks = links.count
    var distances: [Int64] = []
    var hit = Set<Int>()
    var judgedSpan: ClosedRange<Int64>?
    if let first = vsyncs.first, let last = vsyncs.last {
      for link in links where link.time >= first && link.time <= last {
        let index = vsyncs.partitioningIndex { $0 >= link.time }
        var nearest = index
        var distance = Int64.max
        if index < vsyncs.count { distance = vsyncs[index] - link.time }
        if index > 0, link.time - vsyncs[index - 1] < distance {
          distance = link.time - vsyncs[index - 1]
          nearest = index - 1
        }
        distances.append(distance)
        judgedSpan =
          judgedSpan.map { min($0.lowerBound, link.time)...max($0.upperBound, link.time) }
          ?? link.time...link.time
        if distance <= DisplayLinkCheck.tolerance {
          check.onVsync += 1
          hit.insert(nearest)
        }
      }
    }
    if let span = judgedSpan {
      let from = vsyncs.partitioningIndex { $0 >= span.lowerBound - DisplayLinkCheck.tolerance }
      let to = vsyncs.partitioningIndex { $0 > span.upperBound + DisplayLinkCheck.tolerance }
      check.vsyncsInSpan = max(0, to - from)
      check.vsyncsWithoutCallback = (from..<max(from, to)).count { !hit.contains($0) }
    }
    check.judged = distances.count
    distances.sort()
    if !distances.isEmpty {
      check.medianDistance = distances[distances.count / 2]
      check.largestDistance = distances.last
    }
    let targets = links.map(\.frame.targetTimestamp).sorted()
    let byTarget = Dictionary(links.map { ($0.frame.targetTimestamp, $0.frame) }) { first, _ in
      first
    }
    let halfPeriod = summary.period / 2
    var used = Set<Int64>()
    var events: [TraceEvent] = []
    for event in self.events {
      guard case .observedFrame(var frame) = event.payload else { continue }
      let expected = frame.targetTimestamp
      let index = targets.partitioningIndex { $0 >= expected &- halfPeriod }
      var nearest: Int64?
      for candidate in targets[index...].prefix(2)
      where abs(candidate &- expected) <= halfPeriod && !used.contains(candidate) {
        if nearest.map({ abs(candidate &- expected) < abs($0 &- expected) }) ?? true {
          nearest = candidate
        }
      }
      if let nearest, let link = byTarget[nearest] {
        used.insert(nearest)
        check.matched += 1
        if link.hasGeometry {
          frame.contentOffset = link.contentOffset
          frame.contentSize = link.contentSize
        }
        frame.busyDuration = link.busyDuration
      } else {
        check.unmatchedFrames += 1
      }
      events.append(TraceEvent(timestamp: event.timestamp, .observedFrame(frame)))
    }
    check.unmatchedCallbacks = links.count - check.matched
    return (events, check)
  }
}
