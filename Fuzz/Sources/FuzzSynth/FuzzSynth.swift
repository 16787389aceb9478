// scrolltrace fuzz suite — gesture scripts synthesized into traces.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a gesture script, synthesized as `scrolltrace synth`
/// does, into a trace in memory that is then read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  guard let script = try? GestureScript.decode(json: FuzzInput.bytes(start, count)) else {
    return 0
  }
  let synthesizer = Synthesizer(script: script)
  // A small event limit keeps each input fast; the limit itself is what `synth --max-events` sets.
  guard let writer = try? TraceWriter(header: synthesizer.header),
    (try? synthesizer.synthesize(maximumEvents: 20_000) { try writer.append($0) }) != nil,
    let trace = try? writer.close()
  else { return 0 }
  FuzzInput.readAll(trace, mode: .strict)
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzSynth_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
