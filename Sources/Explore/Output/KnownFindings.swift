// scrolltrace — findings a team has seen and accepted: what a nightly exploration does not fail on.

/// A file of findings already seen, each triaged with a note: `explore --known FILE` fails only on a
/// finding it does not hold (docs/explore.md, "Known findings").
///
/// ```json
/// { "schema": "scrolltrace-known-findings", "schemaVersion": 1,
///   "findings": [
///     { "engine": "paging@2", "signature": "drift after resize while decelerating",
///       "triage": "modelLimit", "note": "a resize during motion: …" }
///   ] }
/// ```
///
/// An entry is an engine (as `scrolltrace engines` names it) and a ``Signature``; entries of other
/// engines are kept and ignored, so one file serves every engine a team explores. Written sorted
/// by engine and signature, so that an update changes only the lines it adds.
public struct KnownFindings: Sendable, Hashable {
  /// The most entries a file may hold.
  public static let maximumEntries = 100_000
  /// The longest note, engine or signature, in characters.
  public static let maximumText = 4_096

  /// The entries, sorted by engine and signature.
  public private(set) var entries: [KnownFinding]

  /// Known findings from `entries`, sorted; a later entry of the same engine and signature
  /// replaces an earlier one.
  public init(entries: [KnownFinding] = []) {
    var byKey: [String: KnownFinding] = [:]
    for entry in entries { byKey[Self.key(entry.engine, entry.signature)] = entry }
    self.entries = byKey.values.sorted {
      ($0.engine, $0.signature.description) < ($1.engine, $1.signature.description)
    }
  }

  /// The entry for `signature` on `engine`, if known.
  public func entry(for signature: Signature, engine: String) -> KnownFinding? {
    entries.first { $0.engine == engine && $0.signature == signature }
  }

  /// The entries of `engine` that `result` did not show (a shorter run may miss them: reported,
  /// never failed).
  public func unseen(in result: Explorer.Result, engine: String) -> [KnownFinding] {
    let shown = Set(result.discoveries.map(\.finding.signature))
    return entries.filter { $0.engine == engine && !shown.contains($0.signature) }
  }

  /// These findings with every discovery of `result` on `engine` that they lack, as
  /// ``KnownFinding/Triage/untriaged`` with a note of where it was first found; and how many were added.
  public func adding(
    _ result: Explorer.Result, engine: String, seed: UInt64
  ) -> (known: KnownFindings, added: Int) {
    let new = result.discoveries.filter { entry(for: $0.finding.signature, engine: engine) == nil }
    let added = new.map { discovery in
      KnownFinding(
        engine: engine, signature: discovery.finding.signature, triage: .untriaged,
        note: String(
          ("first found by explore --seed \(seed), attempt \(discovery.attempt): "
            + discovery.finding.detail).prefix(Self.maximumText)))
    }
    return (KnownFindings(entries: entries + added), added.count)
  }

  private static func key(_ engine: String, _ signature: Signature) -> String {
    "\(engine)\u{0}\(signature)"
  }
}

/// One known finding.
public struct KnownFinding: Sendable, Hashable {
  /// What a known finding was judged to be.
  public enum Triage: String, Sendable, CaseIterable {
    /// The headless model differs from UIKit here, or UIKit's behaviour is undocumented.
    case modelLimit
    /// The engine behaves as designed, and the design has this limit (a documented trade-off).
    case engineLimit
    /// A defect of the engine, known and not yet fixed (listed in the changelog).
    case engineDefect
    /// The grammar drew what an app would not do, or a check judged what the app asked for: to be
    /// fixed in the grammar or the check.
    case explorationArtefact
    /// Added by `--update-known` and not yet looked at.
    case untriaged
  }

  /// The engine it was found on (`paging@2`).
  public var engine: String
  /// What it is.
  public var signature: Signature
  /// What it was judged to be.
  public var triage: Triage
  /// Why it is accepted, or where it was first found.
  public var note: String

  /// A known finding.
  public init(engine: String, signature: Signature, triage: Triage, note: String) {
    self.engine = engine
    self.signature = signature
    self.triage = triage
    self.note = note
  }
}
