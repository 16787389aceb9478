// scrolltrace fuzz suite — csv touch logs through the importer.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a csv log, imported leniently and strictly as
/// `scrolltrace import --format csv` does (events are discarded).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  FuzzInput.importLog(FuzzInput.bytes(start, count), as: .csv)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzImportCSV_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
