// scrolltrace fuzz suite — budget files through the budget parser.

import Analyze
import FuzzSupport

/// libFuzzer's entry point: the input is a budget file (`scrolltrace gate --budget`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  _ = try? Budget(json: FuzzInput.bytes(start, count))
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzBudget_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
