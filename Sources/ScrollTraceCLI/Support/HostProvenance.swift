// scrolltrace — what a stored run records of where it was made: this tool, this machine, the CI.

import Foundation
import ResultStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RunProvenance {
  /// This run's provenance: the tool and its version, the machine (`uname`: system, release,
  /// architecture; and the cores), and the CI runner — `runner` when given, else what the
  /// environment of GitHub Actions, GitLab CI or Buildkite names, else empty.
  static func here(runner: String?) -> RunProvenance {
    var name = utsname()
    let machine: String
    if uname(&name) == 0 {
      func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
      }
      machine =
        "\(field(name.sysname)) \(field(name.release)) \(field(name.machine)), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores"
    } else {
      machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
    return RunProvenance(
      tool: ToolVersion.credit, machine: machine,
      runner: runner ?? Self.ciRunner(ToolRun.current.environment))
  }

  /// The CI runner `environment` names, or empty outside a CI this knows.
  static func ciRunner(_ environment: [String: String]) -> String {
    func joined(_ service: String, _ keys: [String]) -> String {
      ([service] + keys.compactMap { environment[$0] }.filter { !$0.isEmpty })
        .joined(separator: ", ")
    }
    if environment["GITHUB_ACTIONS"] == "true" {
      return joined(
        "GitHub Actions", ["RUNNER_NAME", "RUNNER_OS", "RUNNER_ARCH", "ImageOS", "ImageVersion"])
    }
    if environment["GITLAB_CI"] == "true" {
      return joined("GitLab CI", ["CI_RUNNER_DESCRIPTION", "CI_RUNNER_VERSION"])
    }
    if environment["BUILDKITE"] == "true" {
      return joined("Buildkite", ["BUILDKITE_AGENT_NAME"])
    }
    return ""
  }
}
