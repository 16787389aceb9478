// scrolltrace fuzz suite — what every harness shares: reading, replaying and scratch files.

internal import Analyze
internal import Pipeline
public import Replay
public import TraceIngest

#if canImport(Glibc)
import Glibc
#endif

/// The helpers the harnesses share.
///
/// Every harness swallows the errors input may cause (they are
/// the tool's normal answer to bad input); a crash, a hang, a leak or an allocation past
/// libFuzzer's `-rss_limit_mb` is what the fuzzer reports.
public enum FuzzInput {
  /// Copies libFuzzer's input into an array.
  public static func bytes(_ start: UnsafePointer<UInt8>, _ count: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: start, count: count))
  }

  /// Reads every event of the trace `bytes` with `mode` (and `decompressor`, libzstd by default)
  /// and touches what a verb reads afterwards (statistics, losses): the first events (as many as
  /// the input's length modulo 1024) with `next()`, the rest with the borrowing loop; then again
  /// on a second reader with the columnar loop, as `scrolltrace replay` and `info` read them.
  ///
  /// The two readings must agree — the same events, statistics, losses and error — or the
  /// harness stops: a difference is a crash the fuzzer reports.
  public static func readAll(
    _ bytes: [UInt8], mode: TraceReader.Mode, decompressor: (any ChunkDecompressor)? = nil
  ) {
    let byEvents = Reading(bytes, mode: mode, decompressor: decompressor) { reader, reading in
      try reader.forEachEvent { reading.add($0) }
    }
    let byColumns = Reading(bytes, mode: mode, decompressor: decompressor) { reader, reading in
      try reader.forEachEvent { run in
        for index in run.indices {
          reading.add(TraceEvent(timestamp: run.timestamps[index], touch: run[index]))
        }
      } otherEvents: {
        reading.add($0)
      }
    }
    guard byEvents == byColumns else {
      fatalError("the columnar loop read \(byColumns), the event loop \(byEvents)")
    }
  }

  /// What one reading of a trace gave: its events hashed in order, and what the reader said.
  private struct Reading: Equatable {
    var events = 0
    var hasher = 0
    var stats = DecodeStats()
    var losses: [TraceLoss] = []
    var error: String?
    var opened = false

    init(
      _ bytes: [UInt8], mode: TraceReader.Mode, decompressor: (any ChunkDecompressor)?,
      rest: (TraceReader, inout Reading) throws -> Void
    ) {
      let opened =
        decompressor.map {
          try? TraceReader(bytes: bytes, name: "fuzz", mode: mode, decompressor: $0)
        }
        ?? (try? TraceReader(bytes: bytes, name: "fuzz", mode: mode))
      guard let reader = opened else { return }
      self.opened = true
      do {
        for _ in 0..<(bytes.count % 1024) {
          guard let event = try reader.next() else { break }
          add(event)
        }
        try rest(reader, &self)
      } catch {
        self.error = "\(error)"
      }
      stats = reader.stats
      losses = reader.losses
      _ = losses.map(\.description)
    }

    mutating func add(_ event: borrowing TraceEvent) {
      events += 1
      var hash = Hasher()
      hash.combine(hasher)
      hash.combine(event)
      hasher = hash.finalize()
    }
  }

  /// Replays the trace `bytes` through `entry` with every analyzer, as `scrolltrace replay` does.
  public static func replay(_ bytes: [UInt8], through entry: EngineRegistry.Entry) {
    // Small limits keep each input fast (items in the tool's ratio to frames: 1 024 a frame
    // allowed, 64 a frame an event allows); the limits themselves are what the tool's flags set.
    let settings = ReplaySettings(
      readMode: .recover,
      replayLimits: ReplayLimits(
        frameAllowance: 2_000, framesPerEvent: 64, itemAllowance: 2_000 << 10,
        itemsPerEvent: 64 << 6),
      settleLimit: 1)
    // The pipeline `scrolltrace replay` runs: frames at rest in runs, every analyzer, the report.
    var batch = ReplayBatch(engine: entry, settings: settings)
    batch.warmsUp = false
    if let result = try? batch.run([TraceSource(bytes: bytes, path: "fuzz")]) {
      _ = result.report.json
    }
  }

  /// Imports the log `bytes` as `format`, strictly and leniently, as `scrolltrace import` does
  /// (the events are discarded).
  public static func importLog(_ bytes: [UInt8], as format: TouchLogFormat) {
    let path = scratchFile(bytes, suffix: ".\(format.rawValue)")
    for isLenient in [false, true] {
      let importer = TouchLogImporter(format: format, options: ImportOptions(isLenient: isLenient))
      _ = try? importer.run(path: path, begin: { _ in }, emit: { _ in })
    }
  }

  /// Writes `bytes` to this process's scratch file and returns its path (the importers read files).
  public static func scratchFile(_ bytes: [UInt8], suffix: String) -> String {
    let path = "/tmp/scrolltrace-fuzz-\(getpid())\(suffix)"
    guard let file = fopen(path, "wb") else { return path }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    return path
  }

  /// The bytes of the file at `path` (relative to the repository's root, where scripts/fuzz runs
  /// the harnesses), or `nil`.
  public static func file(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }
}
