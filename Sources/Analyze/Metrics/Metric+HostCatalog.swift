// scrolltrace — the host timings a report carries, compared only with repetitions.

extension Metric {
  /// The host timings `diff` and `gate` compare, with repetitions and a Mann–Whitney U test.
  public static let hostCatalog: [Metric] = [
    Metric(host: "host.frameWork.p50", "µs", "Median host CPU time of a frame's replay work.") {
      Double($0.p50) / 1e3
    },
    Metric(
      host: "host.frameWork.p99", "µs", noiseFloorScale: 2,
      "99th percentile host CPU time of a frame's replay work."
    ) {
      Double($0.p99) / 1e3
    },
    Metric(
      host: "host.wallTime", "ms", "Wall time of the whole replay (reading, replaying, analysing)."
    ) {
      Double($0.wallTime) / 1e6
    },
  ]
}
