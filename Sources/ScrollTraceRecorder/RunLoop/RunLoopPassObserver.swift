// scrolltrace — the main run loop's passes, seen from both ends.

#if canImport(CoreFoundation)
import CoreFoundation

/// Reports each pass of a run loop at both ends: when it wakes, before any other observer's work,
/// and when it finishes, after every other observer's, so that the time between includes UIKit's
/// layout and Core Animation's commit.
///
/// Two Core Foundation observers on the run loop's common modes (so that they see a scroll view's
/// tracking mode too), owned by this object alone: two recordings at once each have their own, and
/// releasing it removes them. Core Foundation calls a run loop's observers in increasing `order`
/// (https://developer.apple.com/documentation/corefoundation/1542816-cfrunloopobservercreate):
/// - the first, at the lowest order (`CFIndex.min`), on `kCFRunLoopEntry` and
///   `kCFRunLoopAfterWaiting`: the pass began;
/// - the last, at the highest (`CFIndex.max`), on `kCFRunLoopBeforeWaiting` and `kCFRunLoopExit`:
///   the pass ended. It runs after UIKit's `_beforeCACommitHandler` (order 1 999 000), Core
///   Animation's commit (2 000 000) and `_afterCACommitHandler`, and after the autorelease pool's
///   drain (2 147 483 647, the largest 32-bit order; `CFIndex` has 64 bits on every device the
///   recorder runs on).
///
/// The orders of UIKit's and Core Animation's observers are reported, not documented: they are
/// what printing the main run loop (`CFRunLoopGetMain()`'s description) of an iOS app shows in
/// Yaoyuan (ibireme), "深入理解RunLoop" (2015), https://blog.ibireme.com/2015/05/18/runloop/;
/// not measured here. Nothing here depends on them beyond being below `CFIndex.max`. The same
/// code runs on Linux, against swift-corelibs-foundation's Core Foundation, where the tests drive
/// a real run loop with it.
public final class RunLoopPassObserver {
  private var observers: [CFRunLoopObserver] = []

  /// Starts observing the main run loop.
  ///
  /// Both closures run on the main thread, in the run loop's observer callouts; keep them short.
  ///
  /// - Parameters:
  ///   - clock: the time now, in seconds since boot (`CACurrentMediaTime()`).
  ///   - passBegan: called with the time a pass began (the run loop woke or entered a mode).
  ///   - passFinished: called with the time a pass ended and whether the run loop goes to sleep
  ///     (`kCFRunLoopBeforeWaiting`) rather than leaving its mode (`kCFRunLoopExit`).
  public convenience init(
    clock: @escaping () -> Double, passBegan: @escaping (Double) -> Void,
    passFinished: @escaping (Double, Bool) -> Void
  ) {
    self.init(
      runLoop: CFRunLoopGetMain(), clock: clock, passBegan: passBegan, passFinished: passFinished)
  }

  /// Starts observing `runLoop`: what the tests call with a run loop of their own.
  init(
    runLoop: CFRunLoop, clock: @escaping () -> Double, passBegan: @escaping (Double) -> Void,
    passFinished: @escaping (Double, Bool) -> Void
  ) {
    let began = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.afterWaiting.rawValue
    let ended = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
    let first = CFRunLoopObserverCreateWithHandler(nil, began, true, CFIndex.min) { _, _ in
      passBegan(clock())
    }
    let last = CFRunLoopObserverCreateWithHandler(nil, ended, true, CFIndex.max) { _, activity in
      passFinished(clock(), activity.contains(.beforeWaiting))
    }
    for observer in [first, last] {
      guard let observer else { continue }
      CFRunLoopAddObserver(runLoop, observer, Self.commonModes)
      observers.append(observer)
    }
  }

  /// Whether both observers are installed.
  public var isObserving: Bool { observers.count == 2 }

  /// Removes the observers; no closure is called after it returns on the run loop's thread.
  public func invalidate() {
    for observer in observers { CFRunLoopObserverInvalidate(observer) }
    observers = []
  }

  deinit { invalidate() }

  /// `kCFRunLoopCommonModes`, which Apple's SDK imports as a member of `CFRunLoopMode`.
  private static var commonModes: CFRunLoopMode {
    #if canImport(Darwin)
    CFRunLoopMode.commonModes
    #else
    kCFRunLoopCommonModes
    #endif
  }
}
#endif
