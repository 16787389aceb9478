// scrolltrace — the flag that gets past an error: the libraries say what is wrong, the tool says
// what to pass.

import Analyze
import Pipeline
import Replay
import TraceIngest

/// The command-line remedy for a library error, by its code.
///
/// The libraries' messages name what is wrong in their own terms (a limit, a missing calibration);
/// only the tool knows its flags, so it adds them here.
enum CommandLineHint {
  /// What to pass to get past `error`, when a flag can.
  static func hint(for error: any Error) -> String? {
    switch error {
    case let error as TraceFormatError where error.code == .missingChecksum:
      "--recover reads without it"
    case let error as ImportError:
      switch error.code {
      case .missingAxisRanges: "pass --axis-range XMIN:XMAX,YMIN:YMAX"
      case .missingScreen: "pass --screen WIDTHxHEIGHT@SCALE (pixels)"
      case .severalRecordings: "import one at a time with --select"
      case .unmatchedFrames:
        if error.reason.contains("overlap") {
          "--frames-offset SECONDS moves the frames"
        } else if error.reason.contains("display") {
          error.reason.contains("no table gives frames")
            ? "add --instruments with the display-surface-swap table"
            : "choose one with --display NAME"
        } else {
          "choose one with --window NAME"
        }
      default: nil
      }
    case let error as ScriptError where error.code == .tooManyEvents:
      "--max-events raises the limit"
    case let error as ReplayError:
      switch error.code {
      case .frameLimit: "--max-frames raises the allowance"
      case .itemLimit: "--max-items raises the allowance"
      default: nil
      }
    case let error as PipelineError:
      error.replayError.flatMap { hint(for: $0) }
    case let error as AnalyzeError where error.code == .calibration:
      error.key.flatMap { CostModel.Operation(key: $0) }.map {
        "hold it with --fix \($0.key)=\(TextFormat.fixed(CostModel()[$0], 2))"
      }
    default:
      nil
    }
  }

  /// `error`'s message, with the flag that gets past it.
  static func message(for error: any Error) -> String {
    "\(error)" + (hint(for: error).map { "; \($0)" } ?? "")
  }
}
