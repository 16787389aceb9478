// scrolltrace — a recording: events from the app, written on a background queue.

import Dispatch
import Foundation
public import TraceCore

/// Records what the finger, the window and the scroll view did into a trace file, on the device.
///
/// The app (or the UIKit adapter, or a test's simulated host) calls the `record…` methods as
/// things happen; each appends one event to an in-memory batch under a lock and returns. Every
/// ``RecorderConfiguration/eventsPerHandOff`` events, or ``RecorderConfiguration/flushInterval``
/// after the last hand-off, the batch goes to a serial background queue, which writes it as whole
/// chunks and flushes the file.
///
/// Nothing here throws at the app or stops it once recording: a write that fails stops the
/// recording and says why in ``status``; events past the memory cap are dropped and counted, and a
/// marker in the trace says where. Every method may be called from any thread.
///
/// The clock is the one `UITouch.timestamp` and `CADisplayLink.timestamp` share: seconds since
/// boot (`ProcessInfo.systemUptime`), stored as nanoseconds.
public final class TraceRecorder: @unchecked Sendable {
  // @unchecked: every mutable field below is guarded by `lock`; the writer lives on `queue`.
  private let lock = NSLock()
  private let queue = DispatchQueue(label: "scrolltrace.recorder", qos: .utility)
  private let sink: ChunkSink
  private let configuration: RecorderConfiguration

  private var pending: [TraceEvent] = []
  private var inFlight = 0
  private var firstTimestamp: Int64?
  private var lastHandOff: Int64 = 0
  private var drops: (count: Int, first: Int64, last: Int64)?
  private var state = RecordingStatus()
  private var input = InputState()

  /// Creates (or truncates) the trace at `path` and writes its header.
  ///
  /// - Throws: `TraceFormatError` when the file cannot be created or the device description is
  ///   out of the format's ranges: the only error the app sees, before anything is recorded.
  public init(path: String, configuration: RecorderConfiguration) throws {
    self.configuration = configuration
    // 1.5: a recording may hold the keyboard; a 1.4 reader reads it all the same, skipping that.
    let header = TraceHeader(
      version: .keyboard, device: configuration.device, clock: .monotonic,
      creationTime: Int64(Date().timeIntervalSince1970 * 1e9),
      metadata: configuration.metadata.merging(["recorder": "ScrollTraceRecorder"]) { own, _ in
        own
      })
    sink = ChunkSink(
      writer: try TraceWriter(path: path, header: header, compressor: configuration.compressor),
      maximumFileSize: configuration.maximumFileSize)
    pending.reserveCapacity(configuration.eventsPerHandOff)
  }

  /// What the recording has written and lost so far.
  public var status: RecordingStatus {
    lock.lock()
    defer { lock.unlock() }
    return state
  }

  /// Whether the recording still accepts events.
  public var isRecording: Bool { status.stopReason == nil }

  /// Records `event`: appends it to the batch and returns; the writing happens on the queue.
  ///
  /// Dropped, and counted, once the recording stopped or while the batch and the events being
  /// written hold ``RecorderConfiguration/maximumBufferedEvents``.
  public func record(_ event: TraceEvent) {
    lock.lock()
    defer { lock.unlock() }
    recordLocked(event)
  }

  /// Hands what is waiting to the writer now (when the app goes to the background, say), so that
  /// it survives the app being killed.
  public func flush() {
    lock.lock()
    defer { lock.unlock() }
    handOffLocked()
  }

  /// Stops recording: writes what is waiting and the index, closes the file, and returns the
  /// final status.
  ///
  /// Waits for the writer; calling it again returns the same status.
  @discardableResult
  public func stop() -> RecordingStatus {
    lock.lock()
    if state.stopReason == nil {
      handOffLocked()
      state.stopReason = .stopped
    }
    lock.unlock()
    queue.sync {
      if let failure = sink.close() {
        lock.lock()
        if state.stopReason == .stopped { state.stopReason = .writeFailed(failure) }
        lock.unlock()
      }
    }
    return status
  }

  deinit {
    // A recorder released without stop() still closes its file with an index. Every closure on
    // the queue holds the recorder, so none is left to run: closing here is the last use.
    _ = sink.close()
  }

  // MARK: - Under the lock

  /// Records `event`; the lock is held.
  func recordLocked(_ event: TraceEvent) {
    guard state.stopReason == nil else {
      state.droppedEvents += 1
      return
    }
    let time = event.timestamp
    let first = firstTimestamp ?? time
    if firstTimestamp == nil {
      firstTimestamp = time
      lastHandOff = time
    }
    let (elapsed, overflow) = time.subtractingReportingOverflow(first)
    if !overflow, elapsed > configuration.maximumDuration {
      // What waits is within the cap: written before the file is closed.
      handOffLocked()
      stopLocked(.timeCap)
      state.droppedEvents += 1
      return
    }
    guard pending.count + inFlight < configuration.maximumBufferedEvents else {
      state.droppedEvents += 1
      drops = (count: (drops?.count ?? 0) + 1, first: drops?.first ?? time, last: time)
      return
    }
    if let drops, pending.count + inFlight + 1 < configuration.maximumBufferedEvents {
      // The writer caught up: say in the trace what is missing, where it went missing.
      pending.append(
        TraceEvent(
          timestamp: drops.first,
          .marker(
            "scrolltrace-recorder: dropped \(drops.count) events from \(drops.first) ns to \(drops.last) ns (the writer fell behind)"
          )))
      self.drops = nil
    }
    pending.append(event)
    state.recordedEvents += 1
    state.peakBufferedEvents = max(state.peakBufferedEvents, pending.count + inFlight)
    let (sinceHandOff, late) = time.subtractingReportingOverflow(lastHandOff)
    if pending.count >= configuration.eventsPerHandOff || late
      || sinceHandOff >= configuration.flushInterval
    {
      handOffLocked()
      lastHandOff = time
    }
  }

  /// Sends the batch to the writer; the lock is held.
  private func handOffLocked() {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending = []
    pending.reserveCapacity(configuration.eventsPerHandOff)
    inFlight += batch.count
    queue.async { [self] in
      let outcome = sink.write(batch)
      lock.lock()
      defer { lock.unlock() }
      inFlight -= batch.count
      state.writtenEvents += outcome.written
      state.rejectedEvents += outcome.rejected
      state.bytesWritten = outcome.bytesWritten
      state.unwrittenEvents += batch.count - outcome.written - outcome.rejected
      if let failure = outcome.failure {
        // A failure while stop() waits still says why the file ends early.
        if state.stopReason == .stopped { state.stopReason = .writeFailed(failure) }
        stopLocked(.writeFailed(failure))
      } else if outcome.reachedSizeCap || outcome.bytesWritten >= configuration.maximumFileSize {
        stopLocked(.sizeCap)
      }
    }
  }

  /// Stops for `reason`: what still waits is never written (the caller hands it off first when it
  /// should be), and the file is closed with its index; the lock is held.
  private func stopLocked(_ reason: RecordingStatus.StopReason) {
    guard state.stopReason == nil else { return }
    state.stopReason = reason
    state.unwrittenEvents += pending.count
    pending = []
    queue.async { [self] in _ = sink.close() }
  }

  /// Hands what waits to the writer and blocks until it is written: for tests, benchmarks and a
  /// host that paces a recording, never the main thread of an app (it waits for the disk).
  public func waitUntilWritten() {
    flush()
    queue.sync {}
  }

  // MARK: - Helpers the input methods share

  /// Runs `body` with what the input methods keep between calls and a function that records an
  /// event, under the lock.
  func withInputState<T>(_ body: (inout InputState, (TraceEvent) -> Void) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&input) { recordLocked($0) }
  }

  /// Counts an event the app gave that the format cannot hold.
  func reject() {
    lock.lock()
    defer { lock.unlock() }
    state.rejectedEvents += 1
  }
}
