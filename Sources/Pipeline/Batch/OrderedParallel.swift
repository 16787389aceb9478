// scrolltrace — independent jobs on several threads, their results taken in job order.

import Dispatch
import Synchronization

/// Runs `work(0) … work(count − 1)` on up to `threads` threads and calls `take` on the calling
/// thread with each result **in index order**, as soon as it and every earlier one are done.
///
/// So whatever `take` builds (a merged analysis, a report) is the same as a sequential run's,
/// whatever the threads' timing. At most `2 × threads` results wait to be taken: a thread does not
/// start another job while that many are waiting, so memory stays bounded on long lists.
///
/// The first error in index order, from `work` or `take`, stops the run: no further job starts
/// and the error is thrown once the jobs already running have finished.
package func forEachInOrder<Result: Sendable>(
  count: Int, threads: Int, work: @escaping @Sendable (Int) throws -> Result,
  take: (Int, Result) throws -> Void
) throws {
  guard count > 0 else { return }
  let threads = max(1, min(threads, count))
  let state = OrderedParallelState<Result>(window: 2 * threads, threads: threads)
  let finished = DispatchGroup()
  for _ in 0..<threads {
    finished.enter()
    DispatchQueue.global().async {
      defer { finished.leave() }
      while let index = state.nextIndex(below: count) {
        let outcome: Swift.Result<Result, any Error>
        do { outcome = .success(try work(index)) } catch { outcome = .failure(error) }
        state.store(outcome, at: index)
      }
    }
  }
  defer {
    state.stop()
    finished.wait()
  }
  for index in 0..<count {
    switch state.waitForResult(at: index) {
    case .success(let result): try take(index, result)
    case .failure(let error): throw error
    }
  }
}

/// The shared state of ``forEachInOrder(count:threads:work:take:)``.
private final class OrderedParallelState<Result: Sendable>: Sendable {
  private struct Shared {
    var next = 0
    var stopped = false
    var waiting: [Int: Swift.Result<Result, any Error>] = [:]
  }

  private let shared = Mutex(Shared())
  /// Signalled once for each stored result.
  private let stored = DispatchSemaphore(value: 0)
  /// One permit per result that may wait to be taken.
  private let slots: DispatchSemaphore
  private let threads: Int

  init(window: Int, threads: Int) {
    slots = DispatchSemaphore(value: window)
    self.threads = threads
  }

  /// The next job to run, once a slot for its result is free; nil when all have started or the run stopped.
  func nextIndex(below count: Int) -> Int? {
    slots.wait()
    let index = shared.withLock { shared -> Int? in
      guard !shared.stopped, shared.next < count else { return nil }
      defer { shared.next += 1 }
      return shared.next
    }
    if index == nil { slots.signal() }
    return index
  }

  func store(_ outcome: Swift.Result<Result, any Error>, at index: Int) {
    shared.withLock { $0.waiting[index] = outcome }
    stored.signal()
  }

  /// Blocks until the result of job `index` is stored, removes it and frees its slot.
  func waitForResult(at index: Int) -> Swift.Result<Result, any Error> {
    while true {
      if let outcome = shared.withLock({ $0.waiting.removeValue(forKey: index) }) {
        slots.signal()
        return outcome
      }
      stored.wait()
    }
  }

  /// Starts no further job; wakes the threads waiting for a slot.
  func stop() {
    let alreadyStopped = shared.withLock { shared -> Bool in
      defer { shared.stopped = true }
      return shared.stopped
    }
    guard !alreadyStopped else { return }
    // Each thread waits for at most one slot at a time: one permit each releases them all.
    for _ in 0..<threads { slots.signal() }
  }
}
