// swift-tools-version:6.2
//
// scrolltrace's fuzz suite: one libFuzzer harness per decoder or parser that input can reach.
// Built and run by `scripts/fuzz` (see README.md here) in release mode with
// `-sanitize=fuzzer,address -parse-as-library`. SwiftPM defines an executable's `main` as
// `<Target>_main`, so each harness defines that symbol and runs libFuzzer through
// `LLVMFuzzerRunDriver` with its `LLVMFuzzerTestOneInput`.
import PackageDescription

let harnesses = [
  "FuzzReaderStrict", "FuzzReaderRecover", "FuzzEventDecoder", "FuzzReplay",
  "FuzzImportGetevent", "FuzzImportEvemu", "FuzzImportCSV",
  "FuzzScript", "FuzzSynth", "FuzzBudget", "FuzzSavedReport", "FuzzCostModel",
  "FuzzCommandLine", "FuzzStoredReader", "FuzzFrameStats", "FuzzStore", "FuzzPages",
  "FuzzObservedFrames", "FuzzInstruments",
]

let package = Package(
  name: "scrolltrace-fuzz",
  dependencies: [
    .package(name: "scrolltrace", path: ".."),
    // The store harness edits a store through SQLite's C interface as `sqlite3` would.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // LLVMFuzzerRunDriver's declaration (libFuzzer itself comes from -sanitize=fuzzer).
    .target(name: "CLibFuzzer"),
    .target(
      name: "FuzzSupport",
      dependencies: [
        "CLibFuzzer",
        .product(name: "TraceIngest", package: "scrolltrace"),
        .product(name: "Replay", package: "scrolltrace"),
        .product(name: "Analyze", package: "scrolltrace"),
        .product(name: "Pipeline", package: "scrolltrace"),
      ]),
  ]
    + harnesses.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport",
          .product(name: "TraceIngest", package: "scrolltrace"),
          .product(name: "Replay", package: "scrolltrace"),
          .product(name: "Analyze", package: "scrolltrace"),
        ]
          // The whole tool, for the harness of command lines.
          + (name == "FuzzCommandLine"
            ? [.product(name: "ScrollTraceCLI", package: "scrolltrace")] : [])
          // The results store and SQLite, for the store harness.
          + (name == "FuzzStore"
            ? [
              .product(name: "ResultStore", package: "scrolltrace"),
              .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ] : [])
          + (name == "FuzzPages" || name == "FuzzObservedFrames"
            ? [
              .product(name: "Pipeline", package: "scrolltrace"),
              .product(name: "Presentation", package: "scrolltrace"),
            ] : [])
          + (name == "FuzzSavedReport" || name == "FuzzStore"
            ? [.product(name: "Presentation", package: "scrolltrace")] : []))
    }
)
