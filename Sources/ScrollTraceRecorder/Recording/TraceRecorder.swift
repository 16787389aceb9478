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
  /// What the input methods keep between calls (TraceRecorder+Input.swift); under `lock`.
  var input = InputState()

  /// Creates (or truncates) the trace at `path` and writes its header.
  ///
  /// - Throws: `TraceFormatError` when the file cannot be created or the device description is
  ///   out of the format's ranges: the only error the app sees, before anything is recorded.
  public init(path: String, configuration: RecorderConfiguration) throws {
    self.configuration = configuration
    // 1.8: a recording may hold the keyboard (1.5) and the device's adjusted inset (1.8); a 1.4
    // reader reads it all the same, skipping the keyboard and passing over the inset's bytes.
    let header = TraceHeader(
      version: .resolvedSizes, device: configuration.device, clock: .monotonic,
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

  /// Hands what is waiting to the writer, and calls `completion` on the writer's queue once it is
  /// written and flushed: what a background task waits for before it ends.
  public func flush(completion: @escaping @Sendable () -> Void) {
    flush()
    queue.async(execute: completion)
  }

  /// Stops recording: writes what is waiting and the index, closes the file, and returns the
  /// final status.
  ///
  /// Waits for the writer, so never call it on the main thread of an app but at its termination:
  /// ``stop(completion:)`` and ``stopped()`` do not wait. Calling it again returns the same status.
  @discardableResult
  public func stop() -> RecordingStatus {
    beginStop()
    queue.sync { closeOnQueue() }
    return status
  }

  /// Stops recording as ``stop()`` does without waiting: `completion` gets the final status on the
  /// writer's queue once the file is closed.
  public func stop(completion: @escaping @Sendable (RecordingStatus) -> Void) {
    beginStop()
    queue.async { [self] in
      closeOnQueue()
      completion(status)
    }
  }

  /// Stops recording and returns the final status once the file is closed, without blocking the
  /// calling thread.
  public func stopped() async -> RecordingStatus {
    await withCheckedContinuation { continuation in
      stop { continuation.resume(returning: $0) }
    }
  }

  /// Marks the recording stopped and hands what waits to the writer.
  private func beginStop() {
    lock.lock()
    if state.stopReason == nil {
      handOffLocked()
      state.stopReason = .stopped
    }
    lock.unlock()
  }

  /// Closes the file; on the writer's queue.
  private func closeOnQueue() {
    if let failure = sink.close() {
      lock.lock()
      if state.stopReason == .stopped { state.stopReason = .writeFailed(failure) }
      lock.unlock()
    }
  }

  deinit {
    // A recorder released without stop() still writes what waits and closes its file with an
    // index. Every closure on the queue holds the recorder, so none is left to run: writing here
    // is the last use. (A frame whose pass never ended is not written.)
    if state.stopReason == nil, !pending.isEmpty { _ = sink.write(pending) }
    _ = sink.close()
  }

  // MARK: - Under the lock

  /// Records `event` and hands the batch to the writer when it is due; the lock is held.
  func recordLocked(_ event: TraceEvent) {
    guard appendLocked(event) else { return }
    handOffIfDueLocked(at: event.timestamp)
  }

  /// Appends `event` to the batch, or drops and counts it; whether it was appended.
  ///
  /// The lock is held.
  func appendLocked(_ event: TraceEvent) -> Bool {
    guard state.stopReason == nil else {
      state.droppedEvents += 1
      return false
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
      return false
    }
    guard pending.count + inFlight < configuration.maximumBufferedEvents else {
      state.droppedEvents += 1
      drops = (count: (drops?.count ?? 0) + 1, first: drops?.first ?? time, last: time)
      return false
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
    return true
  }

  /// Hands the batch to the writer when it is due at `time`.
  ///
  /// Due when it holds ``RecorderConfiguration/eventsPerHandOff`` events or
  /// ``RecorderConfiguration/flushInterval`` passed since the last hand-off; never while a frame is
  /// open, so that its observation, written when its pass ends, goes in the same batch as the
  /// events that came after its callback (each batch is written in time order). The lock is held.
  func handOffIfDueLocked(at time: Int64) {
    guard input.openFrame == nil else { return }
    let (sinceHandOff, late) = time.subtractingReportingOverflow(lastHandOff)
    if pending.count >= configuration.eventsPerHandOff || late
      || sinceHandOff >= configuration.flushInterval
    {
      handOffLocked()
      lastHandOff = time
    }
  }

  /// Writes the open frame, if any, with the busy time of the wake periods that ended.
  ///
  /// It keeps the callback's geometry; the lock is held. What a flush or a stop in the middle of a
  /// pass does.
  func closeOpenFrameLocked() {
    guard let open = input.openFrame else { return }
    input.openFrame = nil
    open.events(busyDuration: input.busy.takeCompleted(), late: nil, input: &input).each {
      _ = appendLocked($0)
    }
  }

  /// Sends the batch to the writer; the lock is held.
  private func handOffLocked() {
    closeOpenFrameLocked()
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
    input.openFrame = nil
    queue.async { [self] in _ = sink.close() }
  }

  /// Hands what waits to the writer and blocks until it is written: for tests, benchmarks and a
  /// host that paces a recording, never the main thread of an app (it waits for the disk).
  public func waitUntilWritten() {
    flush()
    queue.sync {}
  }

  // MARK: - Helpers the input methods share

  /// Runs `body` under the lock: the input methods read and change ``input`` and record events
  /// with ``recordLocked(_:)`` in it.
  func withLock<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Counts an event the app gave that the format cannot hold.
  func reject() {
    lock.lock()
    defer { lock.unlock() }
    state.rejectedEvents += 1
  }
}
