// scrolltrace — the header of a trace that holds an Instruments recording's frames alone.

extension InstrumentsFrames {
  /// The header of a trace that holds these frames alone: no touches, the screen given (no export
  /// records it), the display's refresh rate unless one is given, format 1.7 when a frame carries
  /// a deadline.
  public func header(
    screen: ScreenSpec, deviceName: String?, refreshRate: Double?, metadata: [String: String]
  ) -> TraceHeader {
    let deadlines = events.contains {
      if case .observedFrame(let frame) = $0.payload { frame.deadline != nil } else { false }
    }
    return TraceHeader(
      version: deadlines ? .deadlines : .columns,
      device: DeviceInfo(
        name: deviceName ?? "Instruments", screenSize: screen.size, scale: screen.scale,
        refreshRate: refreshRate ?? summary.refreshRate, touchSampleRate: 0),
      clock: .monotonic,
      metadata: metadata.merging(["import.screen": screen.description]) { own, _ in own },
      timestampQuantum: 1000)
  }
}
