// scrolltrace — how `synth` and `import` write a trace.

import ArgumentParser
import TraceIngest

/// The options of the commands that write a trace: compression, chunk size, chunk layout.
struct WriterOptions: ParsableArguments {
  @Option(
    parsing: .unconditional, help: "The zstd compression level, 1...19.")
  var compressionLevel = 3

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("The most decompressed bytes per chunk.", valueName: "bytes"))
  var chunkSize = 256 << 10

  @Option(
    help: ArgumentHelp(
      "columns (format 1.1, about a third smaller) or rows (format 1.0's layout, for readers older than 1.1).",
      valueName: "layout"),
    completion: .list(ChunkLayout.allCases.map(\.rawValue)),
    transform: { text in
      guard let layout = ChunkLayout(rawValue: text) else {
        throw ValidationError("--chunk-layout must be columns or rows; found `\(text)`")
      }
      return layout
    })
  var chunkLayout = ChunkLayout.columns

  @Flag(
    help: ArgumentHelp(
      "Write chunks as stored zstd frames, uncompressed, as an app writes without libzstd (docs/recording.md)."
    ))
  var stored = false

  func validate() throws {
    guard (1...19).contains(compressionLevel) else {
      throw ValidationError("--compression-level must be within 1...19")
    }
    guard (64...DecodeLimits.default.maximumChunkSize).contains(chunkSize) else {
      throw ValidationError(
        "--chunk-size must be within 64...\(DecodeLimits.default.maximumChunkSize)")
    }
  }

  /// A writer of the trace at `path` with `header`, its chunks compressed with libzstd at
  /// ``compressionLevel`` or, with `--stored`, stored as they are.
  func writer(path: String, header: TraceHeader) throws -> TraceWriter {
    stored
      ? try TraceWriter(path: path, header: header, options: options, compressor: StoredFrames())
      : try TraceWriter(path: path, header: header, options: options)
  }

  /// The writer's options.
  var options: TraceWriter.Options {
    TraceWriter.Options(
      compressionLevel: compressionLevel, maximumChunkSize: chunkSize, chunkLayout: chunkLayout)
  }
}
