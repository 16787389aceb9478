// scrolltrace — `scrolltrace history merge`: what two jobs that raced each recorded, in one store.

import ArgumentParser
import ResultStore
import TraceCore

extension HistoryCommand {
  /// `history merge OTHER... --store FILE`.
  struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "merge",
      abstract: "Add to a store the runs and baselines other stores hold that it lacks.",
      discussion: """
        For the day two jobs each restored the same store, recorded their run and saved their own \
        copy: merging one copy into the other loses neither run. A run both stores hold (the same \
        branch, engine and revision) keeps this store's report; a baseline both hold is replaced \
        only by one saved at a later revision time. Each store merged is only read. Every change \
        of one store is one transaction (docs/history.md).
        """)

    @Argument(
      help: ArgumentHelp("The stores to take runs and baselines from.", valueName: "other"),
      completion: .file(extensions: ["sqlite", "db"]))
    var others: [String]

    @OptionGroup var store: StoreOptions

    func validate() throws {
      guard !others.isEmpty else { throw ValidationError("name at least one store to merge") }
    }

    func run() throws {
      let out = Output.stdout()
      for other in others {
        let outcome = try store.with(.create) { target in
          let source = try ResultStore(path: other, access: .read)
          defer { source.close() }
          return try target.merge(from: source)
        }
        try out.line("\(store.store): from \(other), " + Self.describe(outcome))
      }
    }

    /// What a merge did, in one line.
    static func describe(_ outcome: ResultStore.MergeOutcome) -> String {
      func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
      }
      var parts = [
        count(outcome.runsAdded, "run") + " added, \(outcome.runsAlreadyHere) already here"
      ]
      if !outcome.runsKept.isEmpty {
        parts.append(
          count(outcome.runsKept.count, "run")
            + " held by both with other reports, this store's kept ("
            + MessageText.list(outcome.runsKept, limit: 5) + ")")
      }
      let baselines =
        outcome.baselinesAdded + outcome.baselinesReplaced + outcome.baselinesAlreadyHere
        + outcome.baselinesKept.count
      if baselines > 0 {
        parts.append(
          count(outcome.baselinesAdded, "baseline")
            + " added, \(outcome.baselinesReplaced) replaced by a newer one, "
            + "\(outcome.baselinesAlreadyHere) already here"
            + (outcome.baselinesKept.isEmpty
              ? ""
              : ", \(outcome.baselinesKept.count) kept as this store's newer or equal one ("
                + MessageText.list(outcome.baselinesKept, limit: 5) + ")"))
      }
      return parts.joined(separator: "; ")
    }
  }
}
