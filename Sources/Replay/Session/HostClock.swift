// scrolltrace — the host's monotonic clock, for host timings.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The host's monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds, read once or twice a frame for
/// the host timings.
///
/// Read directly: `ContinuousClock` and `Duration.components`, which divide
/// 128-bit values, cost a replay about 350 instructions a frame. Only differences of two readings
/// mean anything; they never go back.
enum HostClock {
  /// Nanoseconds since an arbitrary point (0 if the clock cannot be read).
  static var now: UInt64 {
    var spec = timespec()
    guard clock_gettime(CLOCK_MONOTONIC, &spec) == 0, spec.tv_sec >= 0, spec.tv_nsec >= 0 else {
      return 0
    }
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }
}
