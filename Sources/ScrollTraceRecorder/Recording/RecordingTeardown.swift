// scrolltrace — what a recording installed in the app, removed exactly once.

import Dispatch
import Foundation

/// Removes what a recording installed in the app (its gesture recognizer, display link, run-loop
/// observers and notification observers) exactly once, on the main thread: when ``run()`` is
/// called, or when the teardown is released without it, so that a recording the app drops without
/// stopping it leaves nothing running.
///
/// The UIKit adapter holds the only reference: releasing the recording releases it. Released on
/// another thread, the removal is queued to the main thread, where UIKit must be called.
public final class RecordingTeardown: @unchecked Sendable {
  // @unchecked: `body` is read and cleared under `lock` only.
  private let lock = NSLock()
  private var body: (@Sendable () -> Void)?
  private let onMainThread: @Sendable (@escaping @Sendable () -> Void) -> Void

  /// A teardown that runs `body` once, on the main thread.
  public convenience init(_ body: @escaping @Sendable () -> Void) {
    self.init(body) { work in
      if Thread.isMainThread { work() } else { DispatchQueue.main.async(execute: work) }
    }
  }

  /// A teardown that runs `body` once through `onMainThread`: what the tests call.
  init(
    _ body: @escaping @Sendable () -> Void,
    onMainThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    self.body = body
    self.onMainThread = onMainThread
  }

  /// Whether the removal has run or been queued.
  public var isDone: Bool {
    lock.lock()
    defer { lock.unlock() }
    return body == nil
  }

  /// Removes everything now (on the main thread), unless that was done already.
  public func run() {
    lock.lock()
    let work = body
    body = nil
    lock.unlock()
    if let work { onMainThread(work) }
  }

  deinit { run() }
}
