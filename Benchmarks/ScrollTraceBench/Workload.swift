// scrolltrace-bench — a workload block repeated into a trace of any length.

import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A benchmark workload: a gesture script (`Benchmarks/workloads/NAME.json`, the `synth` format)
/// whose steps form one block of a few seconds.
///
/// A trace of any length repeats the block, each
/// repetition synthesized with its own seed, so the jitter differs from block to block and zstd
/// sees data as varied as a recording's, not copies it could compress away.
struct Workload: Sendable {
  /// The workload's name: the script's file name without `.json`.
  var name: String
  /// The script of one block.
  var script: GestureScript

  /// Reads `directory/name.json`.
  init(name: String, directory: String) throws {
    self.name = name
    let path = "\(directory)/\(name).json"
    guard let bytes = readWholeFile(path) else {
      throw ChildProcessError(
        description:
          "\(path): cannot read the workload (run from the repository's root, or pass --workloads)")
    }
    do {
      script = try GestureScript.decode(json: bytes)
    } catch {
      throw ChildProcessError(description: "\(path): \(error)")
    }
  }

  /// Time between the last event of one block and the first of the next, in nanoseconds.
  static let blockGap: Int64 = 300_000_000

  /// Writes a trace of exactly `eventCount` events to `path`: block after block, seeds
  /// `seed`, `seed + 1`, … .
  ///
  /// The scene and viewport events that open a block are written once,
  /// by the first. Deterministic: the same arguments give the same bytes.
  /// With `duration` (nanoseconds), whole blocks are written until the trace lasts that long,
  /// and `eventCount` is ignored.
  func writeTrace(to path: String, eventCount: Int, duration: Int64? = nil, seed: UInt64) throws
    -> TraceFacts
  {
    var script = self.script
    script.seed = seed
    let header = Synthesizer(script: script).header
    let temporary = path + ".partial"
    let writer = try TraceWriter(path: temporary, header: header)
    var facts = TraceFacts(
      path: path, events: 0, touchEvents: 0, fileBytes: 0, durationNanoseconds: 0)
    var origin: Int64 = 0
    var block: UInt64 = 0
    while duration.map({ facts.durationNanoseconds < $0 }) ?? (facts.events < eventCount) {
      script.seed = seed &+ block
      let events = try Synthesizer(script: script).events()
      for event in events where duration != nil || facts.events < eventCount {
        if block > 0, event.timestamp == 0,
          event.kind == .scene || event.kind == .viewport || event.kind == .content
        {
          continue
        }
        var shifted = event
        shifted.timestamp += origin
        try writer.append(shifted)
        facts.events += 1
        if event.kind == .touch { facts.touchEvents += 1 }
        facts.durationNanoseconds = shifted.timestamp
      }
      origin += (events.last?.timestamp ?? 0) + Self.blockGap
      block += 1
    }
    try writer.close()
    guard rename(temporary, path) == 0 else {
      throw ChildProcessError(description: "cannot rename \(temporary) to \(path)")
    }
    facts.fileBytes = fileSize(path)
    return facts
  }
}

/// What the suite knows about a trace it wrote.
struct TraceFacts: Sendable {
  /// Where the trace is.
  var path: String
  /// Its events, of every kind.
  var events: Int
  /// Its touch events.
  var touchEvents: Int
  /// Its size on disk, in bytes.
  var fileBytes: Int64
  /// The last event's timestamp, in nanoseconds.
  var durationNanoseconds: Int64
}

/// The whole file at `path`, or nil when it cannot be read.
func readWholeFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return ferror(file) == 0 ? bytes : nil
}

/// The size of the file at `path` in bytes, or 0 when it cannot be read.
///
/// Found by seeking to its end rather than through `stat`: on Linux two system modules declare its
/// structure (Glibc, and Dispatch's through Core Foundation), and member import visibility makes
/// a build that sees both refuse its members.
func fileSize(_ path: String) -> Int64 {
  guard let file = fopen(path, "rb") else { return 0 }
  defer { fclose(file) }
  guard fseeko(file, 0, SEEK_END) == 0 else { return 0 }
  return max(0, Int64(ftello(file)))
}
