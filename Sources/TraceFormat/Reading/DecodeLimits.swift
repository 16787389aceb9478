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

  /// Creates limits.
  public init(
    maximumChunkSize: Int = 4 << 20, maximumMetadataFrameSize: Int = 16 << 20,
    maximumSceneItems: Int = 1 << 20
  ) {
    self.maximumChunkSize = maximumChunkSize
    self.maximumMetadataFrameSize = maximumMetadataFrameSize
    self.maximumSceneItems = maximumSceneItems
  }

  /// The defaults documented on each property.
  public static let `default` = DecodeLimits()
}
