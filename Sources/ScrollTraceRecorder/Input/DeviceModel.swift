// scrolltrace — which device recorded: its model identifier, never its name.

import Foundation

/// The device's model identifier (`hw.machine`, such as `iPhone15,2`).
///
/// It tells two iPhones apart where `UIDevice.model` says "iPhone" for both, so that a cost model can be fitted per
/// device. It names the hardware, never its owner (`UIDevice.name` is often a person's name).
public enum DeviceModel {
  /// The identifier of the device this runs on: `uname`'s machine field, which is `hw.machine` on
  /// Apple's platforms; in a simulator, the model it simulates (`SIMULATOR_MODEL_IDENTIFIER`).
  public static var identifier: String {
    var name = utsname()
    let machine: String =
      uname(&name) == 0
      ? withUnsafeBytes(of: &name.machine) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      } : ""
    return identifier(machine: machine, environment: ProcessInfo.processInfo.environment)
  }

  /// The identifier `machine` names, or the simulated model's where `environment` holds one; at
  /// most 64 bytes of letters, digits, commas, dots, underscores and hyphens, `"unknown"` when
  /// nothing is left.
  static func identifier(machine: String, environment: [String: String]) -> String {
    let raw = environment["SIMULATOR_MODEL_IDENTIFIER"] ?? machine
    let kept = raw.unicodeScalars.filter { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || ",._-".unicodeScalars.contains(scalar))
    }
    let identifier = String(String.UnicodeScalarView(kept.prefix(64)))
    return identifier.isEmpty ? "unknown" : identifier
  }
}
