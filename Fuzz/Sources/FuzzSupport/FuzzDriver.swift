// scrolltrace fuzz suite — running libFuzzer from a harness's entry symbol.

internal import CLibFuzzer

/// Runs libFuzzer with a harness's command line and input callback.
public enum FuzzDriver {
  /// Hands `argc`, `argv` and `body` to `LLVMFuzzerRunDriver`, which parses libFuzzer's flags
  /// (`-runs=`, `-max_total_time=`, corpus folders…) and calls `body` once per input.
  public static func run(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, body)
  }
}
