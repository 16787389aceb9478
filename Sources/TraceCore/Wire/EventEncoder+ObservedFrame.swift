// scrolltrace — encoding an observed frame (docs/trace-format.md, "Events", kind 9).

extension EventEncoder {
  /// Writes an observed frame at `timestamp`: the target, the geometry (NaN without one), the
  /// flags, then the busy and presentation times and the deadline the flags announce.
  mutating func encodeObservedFrame(_ frame: ObservedFrame, at timestamp: Int64)
    throws(TraceFormatError)
  {
    let (delta, overflow) = frame.targetTimestamp.subtractingReportingOverflow(timestamp)
    guard !overflow, delta >= 0 else {
      throw TraceFormatError(
        .invalidValue,
        "targetTimestamp \(frame.targetTimestamp) ns must not precede the frame's timestamp (\(timestamp) ns)"
      )
    }
    payload.writeSignedVarint(delta)
    var flags = ObservedFrameFlags()
    switch (frame.contentOffset, frame.contentSize) {
    case (let offset?, let size?):
      try writeFinite(offset.x, "contentOffset x")
      try writeFinite(offset.y, "contentOffset y")
      try writeSize(size, "contentSize")
    case (nil, nil):
      // No geometry: NaN in its four places, which a 1.2 reader refuses rather than reading an
      // offset the device never reported.
      flags.insert(.noGeometry)
      for _ in 0..<4 { payload.writeFloat64(ObservedFrameFlags.absentGeometry) }
    default:
      throw TraceFormatError(
        .invalidValue, "an observed frame has both contentOffset and contentSize, or neither")
    }
    if let busy = frame.busyDuration {
      guard busy >= 0 else {
        throw TraceFormatError(.invalidValue, "busyDuration must not be negative, not \(busy) ns")
      }
      flags.insert(.busyDuration)
    }
    var presentedAfter: Int64?
    if let presented = frame.presentationTimestamp {
      let (after, overflow) = presented.subtractingReportingOverflow(timestamp)
      guard !overflow, after >= 0 else {
        throw TraceFormatError(
          .invalidValue,
          "presentationTimestamp \(presented) ns must not precede the frame's timestamp (\(timestamp) ns)"
        )
      }
      flags.insert(.presentationTimestamp)
      presentedAfter = after
    }
    if frame.source == .frameTimeline { flags.insert(.frameTimeline) }
    if frame.isOutlier { flags.insert(.outlier) }
    if frame.deadline != nil { flags.insert(.deadline) }
    payload.writeUInt8(flags.rawValue)
    if let busy = frame.busyDuration { payload.writeVarint(UInt64(busy)) }
    if let presentedAfter { payload.writeVarint(UInt64(presentedAfter)) }
    if let deadline = frame.deadline {
      payload.writeSignedVarint(deadline.overrun)
      payload.writeUInt8(deadline.isMissed ? 1 : 0)
    }
  }
}
