// scrolltrace fuzz suite — event decoding behind the zstd layer.

import FuzzSupport
@_spi(Fuzzing) import TraceIngest

/// libFuzzer's entry point: the input is a chunk's decompressed content, in rows or by column.
///
/// It is wrapped in a valid
/// header and zstd frame, so that mutations reach the event decoder rather than die at zstd's
/// checksum, then read in both modes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let header = TraceHeader(
    device: DeviceInfo(
      name: "fuzz", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
      touchSampleRate: 240),
    clock: .monotonic)
  guard
    let trace = try? TraceWriter.trace(header: header, chunkContent: FuzzInput.bytes(start, count))
  else { return 0 }
  FuzzInput.readAll(trace, mode: .strict)
  FuzzInput.readAll(trace, mode: .recover)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzEventDecoder_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
