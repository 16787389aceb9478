// scrolltrace — the known-findings file `explore --known` reads and `--update-known` rewrites.

import Explore
import Foundation
import TraceIngest

/// `explore --known FILE`: the findings read before the search, and with `--update-known` the
/// output that replaces the file, opened before the search so that a file that cannot be written
/// fails now, not after minutes of exploring.
struct KnownFile {
  /// The path as given.
  let path: String
  /// What the file holds (none when `--update-known` makes it).
  let findings: KnownFindings
  /// Where the updated file is written, with `--update-known`.
  let output: Output?

  /// The file at `path`, or nil when there is none to read.
  ///
  /// - Throws: ``InputFailure`` naming the file when it cannot be read (a missing file is one,
  ///   unless `updating`), is larger than ``limit``, is not a known-findings file (the key at fault), or cannot be written when `updating`; a file that
  ///   is one of `inputs`.
  init?(path: String?, updating: Bool, inputs: [String]) throws {
    guard let path else { return nil }
    self.path = path
    let exists = FileManager.default.fileExists(atPath: path)
    if exists || !updating {
      let bytes = try WholeFile.read(path, limit: Self.limit, what: "known-findings file")
      do {
        findings = try KnownFindings(json: bytes)
      } catch {
        throw InputFailure("\(path): \(error.reason)")
      }
    } else {
      findings = KnownFindings()
    }
    output = updating ? try Output.to(path, inputs: inputs) : nil
  }

  /// The largest file read, in bytes: 16 MiB, room for the most entries a file may hold.
  static let limit: Int64 = 16 << 20
}
