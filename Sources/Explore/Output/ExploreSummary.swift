// scrolltrace — what an exploration tried and found, as a table and as findings.json.

import Analyze
import TraceIngest

/// An exploration's outcome for its user.
///
/// It holds the engine, the base, the seed, the checks, how many scripts were tried, and each
/// distinct finding with the files that hold its script, trace and report. Deterministic: no host
/// timing, no clock time.
public struct ExploreSummary: Sendable {
  /// The engine explored (`paging@1`).
  public var engine: String
  /// The baseline engine a `regression` compares with.
  public var baseline: String?
  /// What the scripts start from: "stock scene", or the script's path.
  public var base: String
  /// The run's seed.
  public var seed: UInt64
  /// The checks run.
  public var checks: [Check]
  /// What the run found.
  public var result: Explorer.Result
  /// The findings already known and accepted (`--known`), or nil when every finding is news.
  public var known: KnownFindings?

  /// A summary.
  public init(
    engine: String, baseline: String?, base: String, seed: UInt64, checks: [Check],
    result: Explorer.Result, known: KnownFindings? = nil
  ) {
    self.engine = engine
    self.baseline = baseline
    self.base = base
    self.seed = seed
    self.checks = checks
    self.result = result
    self.known = known
  }

  /// The known entry of discovery `index`, if ``known`` holds its signature on this engine.
  public func knownEntry(_ index: Int) -> KnownFinding? {
    known?.entry(for: result.discoveries[index].finding.signature, engine: engine)
  }

  /// How many discoveries are not known: what fails a run.
  public var newCount: Int {
    result.discoveries.indices.count { knownEntry($0) == nil }
  }

  /// The stem of discovery `index`'s files: `01-glitch`, `02-jump-sceneEdit`.
  public func stem(_ index: Int) -> String {
    let signature = result.discoveries[index].finding.signature
    let number = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
    let detail =
      signature.detail.isEmpty
      ? "" : "-" + signature.detail.filter { $0.isLetter || $0.isNumber || $0 == "." }
    return "\(number)-\(signature.kind.rawValue)\(detail)"
  }

  /// The summary for a terminal, naming the files in `folder`.
  public func table(folder: String) -> String {
    var lines = [
      "scrolltrace explore — \(engine)" + (baseline.map { " against \($0)" } ?? "")
        + " on \(base) · seed \(seed)"
        + " · \(result.tried) script\(result.tried == 1 ? "" : "s") tried",
      "checks: " + checks.map(\.description).joined(separator: ", "),
      "",
    ]
    guard !result.discoveries.isEmpty else {
      lines.append("nothing found")
      return lines.joined(separator: "\n")
    }
    let count = result.discoveries.count
    lines.append(
      "\(count) distinct finding\(count == 1 ? "" : "s")"
        + (known == nil ? "" : " (\(newCount) new, \(count - newCount) known)") + ":")
    for (index, discovery) in result.discoveries.enumerated() {
      let signature = discovery.finding.signature
      let seen = result.counts[signature] ?? 1
      lines.append("")
      let mark =
        known == nil ? "" : (knownEntry(index).map { "known, \($0.triage.rawValue): " } ?? "NEW: ")
      lines.append("  \(mark)\(signature)")
      lines.append(
        "      \(discovery.finding.detail)"
          + (discovery.finding.time.map { " at \(TextFormat.number(Double($0) / 1e9)) s" } ?? ""))
      lines.append(
        "      first in attempt \(discovery.attempt), seen in \(seen) of \(result.tried) scripts · "
          + "\(folder)/\(stem(index)).json (.sctrace, .report.json)")
    }
    let unseen = known?.unseen(in: result, engine: engine).count ?? 0
    if unseen > 0 {
      lines.append("")
      lines.append(
        "\(unseen) known finding\(unseen == 1 ? "" : "s") of \(engine) not seen in this run "
          + "(a longer run may show \(unseen == 1 ? "it" : "them"); not a failure)")
    }
    return lines.joined(separator: "\n")
  }

  /// findings.json: the run and each finding, with its files' names.
  public var json: String {
    var root = JSONObject()
    root.add("schema", "scrolltrace-explore")
    root.add("schemaVersion", 1)
    root.add("engine", engine)
    if let baseline { root.add("baseline", baseline) }
    root.add("base", base)
    root.add("seed", Int64(clamping: seed))
    root.add("tried", result.tried)
    if known != nil { root.add("newFindings", newCount) }
    root.add("checks", array: checks.map { JSONObject.quote($0.description) })
    root.add(
      "findings",
      objects: result.discoveries.enumerated().map { index, discovery in
        var object = JSONObject()
        let finding = discovery.finding
        object.add("signature", finding.signature.description)
        object.add("kind", finding.signature.kind.rawValue)
        object.add("detail", finding.signature.detail)
        object.add("trigger", finding.signature.trigger)
        object.add("state", finding.signature.state)
        object.add("attempt", discovery.attempt)
        object.add("scriptSeed", Int64(clamping: discovery.script.seed))
        object.add("seenIn", result.counts[finding.signature] ?? 1)
        if let time = finding.time { object.add("time_s", Double(time) / 1e9, digits: 9) }
        object.add("size", finding.size, digits: 6)
        object.add("description", finding.detail)
        object.add("script", stem(index) + ".json")
        object.add("trace", stem(index) + ".sctrace")
        object.add("report", stem(index) + ".report.json")
        if known != nil {
          let entry = knownEntry(index)
          object.add("known", entry != nil)
          if let entry {
            object.add("triage", entry.triage.rawValue)
            object.add("note", entry.note)
          }
        }
        return object
      })
    return root.rendered
  }
}
