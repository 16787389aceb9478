// scrolltrace — `scrolltrace import --instruments`: an Animation Hitches recording's frames
// into a trace.

import TraceIngest

extension ImportCommand {
  /// `--instruments`: the recording's frames beside the touch log, or on their own.
  func runInstruments() throws {
    let tables = try InstrumentsTables(paths: instruments)
    let framesPath =
      tables.tables.first { $0.schema == "display-surface-swap" && $0.rows > 0 }?.path
      ?? instruments.first ?? ""
    let frames = try InstrumentsFrames(
      tables, path: framesPath,
      placement: .init(
        display: display, offset: Int64((framesOffset * 1e9).rounded()),
        fallbackPeriod: Int64((1e9 / (refreshRate ?? 60)).rounded())))
    let metadata = [
      "import.instruments": instruments.map(Self.baseName).joined(separator: ", "),
      "import.instruments.display": frames.summary.display,
    ]
    if let input {
      try importLog(
        input, frames: frames.events, refreshRate: frames.summary.refreshRate,
        metadata: metadata, inputs: instruments)
    } else if let recording {
      let placed = try OutputFile(output, inputs: instruments + [recording]).writeTrace { path in
        var writer: TraceWriter?
        let placed = try frames.place(
          inRecording: { try TraceReader(path: recording) }, path: recording, metadata: metadata,
          begin: { writer = try writing.writer(path: path, header: $0) },
          emit: { try writer?.append($0) })
        _ = try writer?.close()
        return placed
      }
      StandardError.printLines(Self.describe(placed, output: output, recording: recording))
    } else if let spec = screen.flatMap({ ScreenSpec(parsing: $0) }) {
      let header = frames.header(
        screen: spec, deviceName: deviceName, refreshRate: refreshRate, metadata: metadata)
      try OutputFile(output, inputs: instruments).writeTrace { path in
        let writer = try writing.writer(path: path, header: header)
        for event in frames.events { try writer.append(event) }
        _ = try writer.close()
      }
      StandardError.print("\(output): observed frames alone, no touches")
    }
    StandardError.printLines(Self.describe(frames.summary, tables: tables))
  }
}
