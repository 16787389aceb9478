// scrolltrace — Android's own verdict on each frame against its deadline.

/// Each frame of a framestats window measured against its deadline as Android measures it
/// (Android 12 and later, whose rows give `FrameDeadline`): the overrun Jetpack Macrobenchmark
/// reports, and the "Missed Deadline" jank that `dumpsys gfxinfo` counts.
///
/// Android's `JankTracker` (AOSP `frameworks/base`, `libs/hwui/JankTracker.cpp`, `finishFrame`)
/// judges each frame in turn:
///
/// - a frame whose `FrameCompleted` is not after its `IntendedVsync` is passed over, and so is one
///   drawn straight to a surface (`Flags` bit 2, `SurfaceCanvas`, its exempt flag);
/// - while the buffer queue is stuffed — the frame started more than a tenth of a refresh before
///   the time an unstuffed pipeline would have started it — the deadline is one refresh later
///   (a frame queued behind another reaches the display on time a refresh after its deadline);
/// - the frame is janky when `GpuCompleted` is not before its deadline. A janky frame sets when
///   the next would start unstuffed: `GpuCompleted`, back to its place in the refresh
///   (`(GpuCompleted − Vsync) mod interval`), and one refresh on; a frame on time while stuffed
///   moves it one refresh on.
///
/// Judging frames against their own interval, as the slow-frame count does, calls nearly every
/// frame of a 120 Hz pipeline that keeps a frame in the queue slow; this rule, Android's own, calls
/// janky only the frames that were late even so.
struct FrameDeadlineTracker {
  /// `FrameInfoFlags::SurfaceCanvas`: a frame drawn through `Surface.lockHardwareCanvas()`, which
  /// the jank tracker does not judge (`EXEMPT_FRAMES_FLAGS`).
  static let surfaceCanvas: Int64 = 1 << 2

  /// When the next frame would start were the queue not stuffed, in nanoseconds (`-1` before the
  /// first janky frame, as Android's tracker starts).
  private var nextFrameStartUnstuffed: Int64 = -1

  /// The account of `row`, whose refresh interval is `interval` nanoseconds, against its deadline,
  /// and the tracker moved past it; `nil` for a row without `FrameDeadline` or a completion, and
  /// for one Android does not judge.
  mutating func judge(_ row: FrameStatsRow, interval: Int64) -> ObservedFrame.Deadline? {
    guard let given = row.frameDeadline, given > 0, interval > 0,
      row.frameCompleted > row.intendedVsync, row.flags & Self.surfaceCanvas == 0
    else { return nil }
    let gpu = row.gpuCompleted ?? 0
    // Macrobenchmark's overrun: the end of the frame's work less the end of its expected slot.
    let end = gpu > 0 ? gpu : row.frameCompleted
    let overrun = end.subtractingReportingOverflow(given)
    guard !overrun.overflow else { return nil }
    let stuffed =
      nextFrameStartUnstuffed.subtractingReportingOverflow(row.intendedVsync).partialValue
      > interval / 10
    var deadline = given
    if stuffed { deadline = deadline.addingReportingOverflow(interval).partialValue }
    let isMissed = gpu >= deadline
    if !isMissed {
      if stuffed {
        nextFrameStartUnstuffed =
          nextFrameStartUnstuffed.addingReportingOverflow(interval)
          .partialValue
      }
    } else {
      let jitter = gpu.subtractingReportingOverflow(row.vsync ?? row.intendedVsync).partialValue
      let offset = jitter % interval
      nextFrameStartUnstuffed =
        gpu.subtractingReportingOverflow(offset).partialValue
        .addingReportingOverflow(interval).partialValue
    }
    return ObservedFrame.Deadline(overrun: overrun.partialValue, isMissed: isMissed)
  }
}
