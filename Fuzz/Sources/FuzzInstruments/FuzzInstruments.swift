// scrolltrace fuzz suite — Instruments' `xctrace export` tables through the importer.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is an `xctrace export` file.
///
/// It is read as `scrolltrace import --instruments` reads it (the streaming XML reader, refs
/// resolved over the document, the tables typed by mnemonic). The frames of each display must be in time order,
/// expected no earlier than their vsync and shown no earlier than expected, merge with a
/// recorder's frames one for one, and encode into a trace: anything else is a bug of the importer,
/// and traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = FuzzInput.bytes(start, count)
  guard let tables = try? InstrumentsTables(bytes: bytes, path: "fuzz.xml") else { return 0 }
  for display in [nil, "display", "Built-In Display"] {
    guard
      let frames = try? InstrumentsFrames(
        tables, path: "fuzz.xml", placement: .init(display: display, fallbackPeriod: 8_333_333))
    else { continue }
    var previous: Int64?
    for event in frames.events {
      guard case .observedFrame(let frame) = event.payload else {
        fatalError("an event that is not an observed frame")
      }
      if let previous, event.timestamp <= previous { fatalError("frames out of order") }
      previous = event.timestamp
      guard frame.targetTimestamp >= event.timestamp,
        let shown = frame.presentationTimestamp, shown >= frame.targetTimestamp,
        (frame.deadline?.overrun ?? 0) >= 0
      else { fatalError("a frame shown before it was expected: \(frame)") }
    }
    // The recorder's frames of the same session, a callback a vsync, some off by a millisecond:
    // every Instruments frame kept, each matched once at most.
    let links = frames.events.enumerated().map { index, event in
      TraceEvent(
        timestamp: event.timestamp,
        .observedFrame(
          ObservedFrame(
            targetTimestamp: event.timestamp &+ Int64(index % 3) * 1_000_000,
            contentOffset: Point(x: 0, y: Double(index)), contentSize: Size(width: 1, height: 1))))
    }
    let (merged, check) = frames.merged(with: links)
    guard merged.count == frames.events.count,
      check.matched + check.unmatchedFrames == merged.count,
      check.matched + check.unmatchedCallbacks == links.count, check.onVsync <= check.judged
    else { fatalError("a merge that lost or doubled frames: \(check)") }
    let header = frames.header(
      screen: ScreenSpec(pixelWidth: 1179, pixelHeight: 2556, scale: 3), deviceName: "fuzz",
      refreshRate: nil, metadata: [:])
    do {
      _ = try TraceWriter.encode(header: header, events: frames.events)
    } catch {
      fatalError("the importer made frames the writer refuses: \(error)")
    }
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzInstruments_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
