// scrolltrace fuzz suite — whole trace files through the reader in .strict mode.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a whole `.sctrace` file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  FuzzInput.readAll(FuzzInput.bytes(start, count), mode: .strict)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzReaderStrict_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
