// scrolltrace — bounds on every size read from a file.

/// Bounds on every size read from a file, so that a hostile or damaged trace cannot make the
/// reader allocate without limit.
///
/// Passed in, never global.
public struct DecodeLimits: Sendable, Hashable {
  /// The largest decompressed chunk the reader accepts, in bytes.
  ///
  /// A chunk that declares more is
  /// refused before anything is allocated for it. Default 4 MiB: sixteen times what
  /// `TraceWriter` writes (256 KiB), so traces from other writers with bigger chunks still read.
  public var maximumChunkSize: Int
  /// The largest header or index frame the reader accepts, in bytes.
  ///
  /// Default 16 MiB.
  public var maximumMetadataFrameSize: Int
  /// The most items one scene or scene edit may hold after run-length expansion.
  ///
  /// Default 1 Mi
  /// (1 048 576 items, 24 MiB decoded: a hundred times the ten thousand rows of a big container).
  public var maximumSceneItems: Int

  /// The chunk sizes a reader may be told to accept: 1 byte to 1 GiB.
  public static let chunkSizeRange = 1...(1 << 30)
  /// The header and index frame sizes a reader may be told to accept: 64 bytes to 1 GiB.
  public static let metadataFrameSizeRange = 64...(1 << 30)
  /// The scene sizes a reader may be told to accept: 1 to 2²⁴ items.
  public static let sceneItemsRange = 1...(1 << 24)

  /// Creates limits, each brought into its range (``chunkSizeRange``,
  /// ``metadataFrameSizeRange``, ``sceneItemsRange``): no value makes the reader's arithmetic
  /// overflow.
  public init(
    maximumChunkSize: Int = 4 << 20, maximumMetadataFrameSize: Int = 16 << 20,
    maximumSceneItems: Int = 1 << 20
  ) {
    self.maximumChunkSize = Self.clamped(maximumChunkSize, to: Self.chunkSizeRange)
    self.maximumMetadataFrameSize = Self.clamped(
      maximumMetadataFrameSize, to: Self.metadataFrameSizeRange)
    self.maximumSceneItems = Self.clamped(maximumSceneItems, to: Self.sceneItemsRange)
  }

  private static func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound)
  }

  /// The defaults documented on each property.
  public static let `default` = DecodeLimits()
}
