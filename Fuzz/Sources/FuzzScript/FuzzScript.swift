// scrolltrace fuzz suite — gesture scripts through the script parser.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a gesture script's JSON (`scrolltrace synth`'s input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  _ = try? GestureScript.decode(json: FuzzInput.bytes(start, count))
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzScript_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
