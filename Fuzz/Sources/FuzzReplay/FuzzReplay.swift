// scrolltrace fuzz suite — decoded traces replayed through every built-in engine and analyzer.

import FuzzSupport
import Replay
@_spi(Fuzzing) import TraceIngest

/// libFuzzer's entry point: the first byte picks a built-in engine; the rest is a chunk's
/// decompressed content, wrapped as in FuzzEventDecoder, replayed with every analyzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = FuzzInput.bytes(start, count)
  guard let choice = bytes.first else { return 0 }
  let entries = EngineRegistry.builtIn.entries
  let entry = entries[Int(choice) % entries.count]
  let header = TraceHeader(
    device: DeviceInfo(
      name: "fuzz", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
      touchSampleRate: 240),
    clock: .monotonic)
  guard let trace = try? TraceWriter.trace(header: header, chunkContent: Array(bytes.dropFirst()))
  else { return 0 }
  FuzzInput.replay(trace, through: entry)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzReplay_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
