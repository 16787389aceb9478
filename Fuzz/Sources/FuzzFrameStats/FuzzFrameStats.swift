// scrolltrace fuzz suite — Android framestats dumps through the importer.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a `dumpsys gfxinfo … framestats` dump, read strictly and
/// leniently as `scrolltrace import --framestats` does; each window's frames become observed
/// frames, which must encode into a trace (a frame the writer refuses is a bug of the importer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = FuzzInput.bytes(start, count)
  for isLenient in [false, true] {
    guard let dump = try? FrameStatsDump(bytes: bytes, path: "fuzz.txt", isLenient: isLenient)
    else { continue }
    for window in [nil] + dump.windows.prefix(3).map(\.name) {
      guard
        let frames = try? FrameStatsFrames(
          dump, path: "fuzz.txt", placement: .init(window: window, offset: 0))
      else { continue }
      let header = TraceHeader(
        device: DeviceInfo(
          name: "fuzz", screenSize: Size(width: 400, height: 800), scale: 2, refreshRate: 60,
          touchSampleRate: 0),
        timestampQuantum: 1000)
      do {
        _ = try TraceWriter.encode(header: header, events: frames.events)
      } catch {
        fatalError("the importer made frames the writer refuses: \(error)")
      }
    }
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzFrameStats_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
