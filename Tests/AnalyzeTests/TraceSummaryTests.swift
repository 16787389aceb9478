// The summary behind `scrolltrace info`.

import Analyze
import Testing
import TraceIngest

@Suite struct TraceSummaryTests {
  @Test func countsEventsBySizeAndKind() throws {
    let header = TraceHeader(
      device: DeviceInfo(
        name: "t", screenSize: Size(width: 10, height: 10), scale: 2, refreshRate: 60,
        touchSampleRate: 120))
    let events = (0..<100).map {
      TraceEvent(timestamp: Int64($0) * 1_000_000, $0 % 4 == 0 ? .frameTick : .marker("m\($0)"))
    }
    let bytes = try TraceWriter.encode(
      header: header, events: events, options: .init(maximumChunkSize: 256))
    let summary = try TraceSummary(
      reading: try TraceReader(bytes: bytes), fileSize: Int64(bytes.count))
    #expect(summary.stats.events == 100)
    #expect(summary.stats.eventsByKind == [.frameTick: 25, .marker: 75])
    #expect(summary.stats.duration == 99_000_000)
    #expect(summary.hasIndex)
    #expect(summary.stats.chunks > 1)
    #expect(summary.bytesPerEvent == Double(bytes.count) / 100)
    #expect(summary.losses.isEmpty)
  }
}
