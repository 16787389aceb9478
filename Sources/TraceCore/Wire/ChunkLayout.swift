// scrolltrace — how a chunk's events are laid out (docs/trace-format.md, "Chunk layouts").

/// How a chunk's events are laid out before zstd compresses them.
///
/// Format 1.0 has one layout, ``rows``: each event's record after the previous one. Format 1.1
/// adds ``columns``: the same fields grouped by kind into streams (timestamps apart, touch ids
/// apart, x deltas apart…), so zstd sees like next to like. On the jittered benchmark workload
/// that takes 38 % fewer bytes per event (docs/performance.md, "Bytes per event").
public enum ChunkLayout: String, Sendable, Hashable, CaseIterable {
  /// Records one after the other: the layout of format 1.0, which every reader reads.
  case rows
  /// Fields grouped into streams: format 1.1. Readers older than 1.1 refuse such a chunk.
  case columns

  /// The version a file declares when a writer lays its chunks out this way: 1.0 for rows (such a
  /// file is a 1.0 file, byte for byte, and a 1.0 reader skips any observed frame in it as an
  /// unknown kind), 1.3 for columns (1.4 when the header asks for it, ``TraceHeader/version``).
  public var formatVersion: FormatVersion {
    switch self {
    case .rows: FormatVersion(major: 1, minor: 0)
    case .columns: .columns
    }
  }
}

/// The streams of a chunk laid out by column, in their order in the chunk.
///
/// Every value keeps its row encoding (docs/trace-format.md, "Events"); a touch has no length,
/// since its fields are all in their own streams.
enum ColumnStream: Int, CaseIterable {
  /// `svarint` time delta, in quanta, per event.
  case times
  /// `u8` kind per event.
  case kinds
  /// `u8` phase and `u8` flags per touch.
  case touchHeads
  /// `varint` touch id per touch.
  case touchIDs
  /// `svarint` x delta, in 1/256 pt, per touch.
  case touchX
  /// `svarint` y delta, in 1/256 pt, per touch.
  case touchY
  /// `f64` force and `f64` major radius per touch, as its flags say.
  case touchExtras
  /// `varint` payload length per event that is not a touch.
  case lengths
  /// The payloads of the events that are not touches.
  case payloads

  /// The stream's name in error messages.
  var name: String {
    switch self {
    case .times: "times"
    case .kinds: "kinds"
    case .touchHeads: "touch heads"
    case .touchIDs: "touch ids"
    case .touchX: "touch x"
    case .touchY: "touch y"
    case .touchExtras: "touch extras"
    case .lengths: "lengths"
    case .payloads: "payloads"
    }
  }
}

extension WireLayout {
  /// The first two bytes of a chunk laid out by column: a non-minimal varint, which no row chunk
  /// can begin with and which a format 1.0 reader refuses (`malformedEvent`) instead of misreading.
  static let columnChunkMarker: [UInt8] = [0x80, 0x00]
  /// The layout byte after the marker for ``ChunkLayout/columns``.
  static let columnLayoutTag: UInt8 = 1
}
