// scrolltrace fuzz suite — traces of stored zstd frames, as an app writes them, read in Swift alone.

import FuzzSupport
import TraceIngest

/// libFuzzer's entry point: the input is a whole `.sctrace` file whose chunks are stored frames
/// (the recorder's, `convert --stored`), read in both modes with the Swift decoder an app embeds
/// (`StoredFrames`), and also decoded as one zstd frame into a buffer smaller than some inputs
/// declare.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = FuzzInput.bytes(start, count)
  FuzzInput.readAll(bytes, mode: .strict, decompressor: StoredFrames())
  FuzzInput.readAll(bytes, mode: .recover, decompressor: StoredFrames())
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  _ = bytes.withUnsafeBytes { frame in
    buffer.withUnsafeMutableBytes { try? StoredFrames().decompress(frame, into: $0) }
  }
  return 0
}

/// The harness's entry symbol (SwiftPM links `main` to it): libFuzzer with this harness's input.
@_cdecl("FuzzStoredReader_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  FuzzDriver.run(argc, argv, fuzz)
}
