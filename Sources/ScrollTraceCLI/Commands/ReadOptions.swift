// scrolltrace — opening traces the same way in every verb.

import ArgumentParser
import TraceIngest

/// Options shared by the verbs that read traces.
struct ReadOptions: ParsableArguments, Sendable {
  @Flag(
    help:
      "Read past damage: skip damaged chunks, say what was lost on stderr, exit 1 if anything was.")
  var recover = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Refuse chunks that declare more decompressed bytes than this (1 to 1073741824).",
      valueName: "bytes"))
  var maxChunkSize = DecodeLimits.default.maximumChunkSize

  func validate() throws {
    guard DecodeLimits.chunkSizeRange.contains(maxChunkSize) else {
      throw ValidationError(
        "--max-chunk-size must be from \(DecodeLimits.chunkSizeRange.lowerBound) to \(DecodeLimits.chunkSizeRange.upperBound) bytes; found \(maxChunkSize)"
      )
    }
  }

  /// What these options say, as plain values.
  var settings: ReadSettings { ReadSettings(recover: recover, maxChunkSize: maxChunkSize) }

  /// The decode limits these options describe.
  var decodeLimits: DecodeLimits { settings.decodeLimits }

  /// Opens `path` with these options.
  func open(_ path: String) throws -> TraceReader { try settings.open(path) }

  /// Prints each loss on stderr; returns whether there was any.
  func reportLosses(of reader: TraceReader) -> Bool { settings.reportLosses(of: reader) }
}

/// How a verb reads traces (``ReadOptions``' values): past damage or not, and the largest chunk.
struct ReadSettings: Equatable, Sendable {
  /// Whether damaged chunks are skipped and reported (`--recover`).
  var recover = false
  /// The most decompressed bytes a chunk may declare (`--max-chunk-size`).
  var maxChunkSize = DecodeLimits.default.maximumChunkSize

  /// The decode limits these settings describe.
  var decodeLimits: DecodeLimits { DecodeLimits(maximumChunkSize: maxChunkSize) }

  /// Opens `path` with these settings.
  func open(_ path: String) throws -> TraceReader {
    try TraceReader(path: path, mode: recover ? .recover : .strict, limits: decodeLimits)
  }

  /// Prints each loss on stderr; returns whether there was any.
  func reportLosses(of reader: TraceReader) -> Bool {
    for loss in reader.losses { StandardError.warning("\(reader.path): \(loss)") }
    return !reader.losses.isEmpty
  }
}
