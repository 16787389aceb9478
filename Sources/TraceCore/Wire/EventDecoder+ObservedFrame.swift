// scrolltrace — decoding an observed frame (docs/trace-format.md, "Events", kind 9).

extension EventDecoder {
  /// An observed frame at `timestamp`: format 1.2's fields, and 1.3's and 1.7's after the flags
  /// that say which are there.
  func decodeObservedFrame(_ body: inout ByteReader, at timestamp: Int64)
    throws(FieldError) -> ObservedFrame
  {
    let delta = try read(body.readSignedVarint(), "targetTimestamp")
    let (target, overflow) = timestamp.addingReportingOverflow(delta)
    guard delta >= 0, !overflow else {
      throw FieldError("targetTimestamp \(delta) ns after the frame's timestamp is out of range")
    }
    // The geometry's four numbers come before the flags that say whether they are numbers.
    let x = try read(body.readFloat64(), "contentOffset x")
    let y = try read(body.readFloat64(), "contentOffset y")
    let width = try read(body.readFloat64(), "contentSize width")
    let height = try read(body.readFloat64(), "contentSize height")
    let flags = ObservedFrameFlags(rawValue: try read(body.readUInt8(), "flags"))
    var offset: Point?
    var size: Size?
    if flags.contains(.noGeometry) {
      let absent = ObservedFrameFlags.absentGeometry.bitPattern
      guard x.bitPattern == absent, y.bitPattern == absent, width.bitPattern == absent,
        height.bitPattern == absent
      else {
        throw FieldError("an observed frame without geometry holds numbers in its place")
      }
    } else {
      offset = Point(x: try finite(x, "contentOffset x"), y: try finite(y, "contentOffset y"))
      size = Size(
        width: try length(width, "contentSize width"),
        height: try length(height, "contentSize height"))
    }
    var busy: Int64?
    if flags.contains(.busyDuration) {
      let raw = try read(body.readVarint(), "busyDuration")
      guard let nanoseconds = Int64(exactly: raw) else {
        throw FieldError("busyDuration \(raw) exceeds Int64")
      }
      busy = nanoseconds
    }
    var presented: Int64?
    if flags.contains(.presentationTimestamp) {
      let raw = try read(body.readVarint(), "presentationTimestamp")
      guard let after = Int64(exactly: raw) else {
        throw FieldError(
          "presentationTimestamp \(raw) ns after the frame's timestamp is out of range")
      }
      let (time, overflow) = timestamp.addingReportingOverflow(after)
      guard !overflow else {
        throw FieldError(
          "presentationTimestamp \(raw) ns after the frame's timestamp is out of range")
      }
      presented = time
    }
    var deadline: ObservedFrame.Deadline?
    if flags.contains(.deadline) {
      let overrun = try read(body.readSignedVarint(), "deadline overrun")
      let verdict = try read(body.readUInt8(), "deadline verdict")
      guard verdict <= 1 else {
        throw FieldError("deadline verdict \(verdict) is neither 0 (met) nor 1 (missed)")
      }
      deadline = ObservedFrame.Deadline(overrun: overrun, isMissed: verdict == 1)
    }
    return ObservedFrame(
      targetTimestamp: target, contentOffset: offset, contentSize: size, busyDuration: busy,
      presentationTimestamp: presented,
      source: flags.contains(.frameTimeline) ? .frameTimeline : .displayLink,
      isOutlier: flags.contains(.outlier), deadline: deadline)
  }
}
