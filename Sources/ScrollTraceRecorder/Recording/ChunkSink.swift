// scrolltrace — the recorder's writer, on its own queue.

import TraceCore

/// The trace file a recording writes, used only on the recorder's serial queue.
///
/// Each batch is written in timestamp order and ended with a flush, so the file holds whole
/// chunks after every batch: a killed app leaves a trace that `scrolltrace … --recover` reads to
/// its last whole chunk.
final class ChunkSink: @unchecked Sendable {
  // @unchecked: every method runs on the recorder's serial queue, never two at once.
  private var writer: TraceWriter?
  private let maximumFileSize: Int64

  /// What writing one batch did.
  struct Outcome {
    var written = 0
    var rejected = 0
    var bytesWritten: Int64 = 0
    var failure: String?
    /// The file had reached its size cap before the batch: nothing of it was written.
    var reachedSizeCap = false
  }

  init(writer: TraceWriter, maximumFileSize: Int64) {
    self.writer = writer
    self.maximumFileSize = maximumFileSize
  }

  /// Writes `batch` and ends its chunk.
  func write(_ batch: [TraceEvent]) -> Outcome {
    var outcome = Outcome()
    guard let writer else {
      outcome.failure = "the file is closed"
      return outcome
    }
    guard writer.bytesWritten < maximumFileSize else {
      // Checked per batch, and every batch ends with a flush: the file ends at most one batch
      // past the cap.
      outcome.reachedSizeCap = true
      outcome.bytesWritten = writer.bytesWritten
      return outcome
    }
    // Events from several sources (touches, display-link ticks) may arrive a little out of order;
    // the replay applies events in file order, so each batch is put in time order, stably.
    let ordered = batch.indices.sorted { a, b in
      (batch[a].timestamp, a) < (batch[b].timestamp, b)
    }
    for index in ordered {
      do {
        try writer.append(batch[index])
        outcome.written += 1
      } catch let error as TraceFormatError where error.code == .invalidValue {
        outcome.rejected += 1
      } catch {
        outcome.failure = "\(error)"
        break
      }
    }
    if outcome.failure == nil {
      do { try writer.flush() } catch { outcome.failure = "\(error)" }
    }
    outcome.bytesWritten = writer.bytesWritten
    if outcome.failure != nil {
      // The batch's chunk did not reach the file whole: none of it counts as written.
      outcome.written = 0
      self.writer = nil
    }
    return outcome
  }

  /// Writes the index and closes the file; a failure is returned, not thrown.
  func close() -> String? {
    guard let writer else { return nil }
    self.writer = nil
    do {
      try writer.close()
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The file's size so far, in bytes.
  var bytesWritten: Int64 { writer?.bytesWritten ?? 0 }
}
