// swift-tools-version:6.2
//
// scrolltrace — record, replay and measure scroll-view behaviour headlessly.
//
// The target list is the architecture diagram (ARCHITECTURE.md; imports point upstream only):
//   TraceCore → Replay → Analyze → Presentation → ScrollTraceCLI → scrolltrace
//   TraceCore → TraceIngest (with CZstd: libzstd, importers, synthesis) → Pipeline
//   Analyze → Pipeline → Explore (exploration and reduction) → ScrollTraceCLI
//   Analyze → ResultStore (with GRDB and SQLite) → ScrollTraceCLI
//   TraceCore → ScrollTraceRecorder (what an app embeds: no C library)
// ScrollTraceCLI is the whole tool as a library: a team's executable calls its entry point with its
// own engines (docs/custom-engines.md); `scrolltrace` is that entry point with the built-in ones.
// The benchmark suite sits beside the CLI: it writes traces with TraceIngest and runs the CLI.
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "scrolltrace",
  // An app embeds TraceCore and ScrollTraceRecorder (iOS 15, tvOS 15, visionOS 1 and later: the
  // adapter keeps UIScreen out of visionOS and the keyboard out of tvOS); the tools build on macOS
  // 15 and later (they use Synchronization's Mutex) and on Linux. Only Linux builds here; the
  // apple-platforms workflow builds the recorder for each Apple platform, and has not run yet
  // (docs/recording.md, "What is checked where").
  platforms: [.iOS(.v15), .macOS(.v15), .tvOS(.v15), .visionOS(.v1)],
  products: [
    .executable(name: "scrolltrace", targets: ["scrolltrace"]),
    .library(name: "TraceCore", targets: ["TraceCore"]),
    .library(name: "ScrollTraceRecorder", targets: ["ScrollTraceRecorder"]),
    .library(name: "TraceIngest", targets: ["TraceIngest"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "Analyze", targets: ["Analyze"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "Pipeline", targets: ["Pipeline"]),
    .library(name: "ResultStore", targets: ["ResultStore"]),
    .library(name: "Explore", targets: ["Explore"]),
    .library(name: "ScrollTraceCLI", targets: ["ScrollTraceCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    // The results store (baselines and history) is a SQLite file, through GRDB: Debian's
    // libsqlite3-dev (`apt-get install libsqlite3-dev`) provides the library.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // Generators for the property tests of explore's grammar (test-only: it links Swift Testing).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `swift package generate-documentation`: the libraries' API docs (scripts/make-api-docs).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The trace model and format in Swift and the platform's C library alone: what an app embeds
    // (ScrollTraceRecorder). Chunks are written as stored zstd frames; no libzstd.
    .target(
      name: "TraceCore",
      swiftSettings: strictSettings
    ),
    // The recorder an iOS app embeds (docs/recording.md): Foundation and TraceCore only, so it
    // builds with no C library; its UIKit adapter compiles where UIKit exists.
    .target(
      name: "ScrollTraceRecorder",
      dependencies: ["TraceCore"],
      swiftSettings: strictSettings
    ),
    // libzstd through a system-library target: `apt-get install libzstd-dev` (Debian, Ubuntu) or
    // `brew install zstd` (macOS) provides libzstd.pc.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
    ),
    // How traces come in: libzstd's codec, touch-log and frame-timing importers, the synthesizer
    // of gesture scripts. Feeds the pipeline, as Perfetto's importers feed its sorter.
    .target(
      name: "TraceIngest",
      dependencies: [
        "TraceCore",
        "CZstd",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    // The headless scroll view and the engines: TraceCore alone, so an engine's package links no
    // C library.
    .target(
      name: "Replay",
      dependencies: [
        "TraceCore",
        .product(name: "DequeModule", package: "swift-collections"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Analyze",
      dependencies: [
        "Replay", "TraceCore",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      swiftSettings: strictSettings
    ),
    // What a person reads: tables, markdown, HTML and SVG, the Chrome/Perfetto timeline.
    .target(
      name: "Presentation",
      dependencies: ["Analyze", "Replay", "TraceCore"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Pipeline",
      dependencies: [
        "TraceIngest", "Replay", "Analyze",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    // Exploration and reduction: scripts drawn from a grammar, checked, shrunk (docs/explore.md).
    .target(
      name: "Explore",
      dependencies: ["TraceIngest", "Replay", "Analyze", "Pipeline"],
      swiftSettings: strictSettings
    ),
    // Baselines and history kept in a SQLite file: results between runs (docs/history.md).
    .target(
      name: "ResultStore",
      dependencies: [
        "Analyze", "TraceCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        // sqlite3_interrupt, called from the signal handler (OpenConnections).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "ScrollTraceCLI",
      dependencies: [
        "TraceIngest", "Replay", "Analyze", "Presentation", "Pipeline", "ResultStore", "Explore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "scrolltrace",
      dependencies: ["ScrollTraceCLI", "Replay"],
      swiftSettings: strictSettings
    ),
    // The benchmark suite (docs/performance.md): `scripts/benchmark` builds it in release mode and runs it.
    .executableTarget(
      name: "scrolltrace-bench",
      dependencies: [
        "TraceIngest", "Replay", "ScrollTraceRecorder",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/ScrollTraceBench",
      swiftSettings: strictSettings
    ),
    // What the tests share: hand-built frames and traces, and the tool run as a user runs it (in
    // process, or as a process where a process is the subject).
    .target(
      name: "TestSupport",
      dependencies: ["ScrollTraceCLI", "Replay", "TraceIngest"],
      path: "Tests/TestSupport",
      swiftSettings: strictSettings
    ),
    // Needs no libzstd: the checks of what an app embeds (Checks/Recorder builds them without it).
    .testTarget(
      name: "TraceCoreTests",
      dependencies: ["TraceCore"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ScrollTraceRecorderTests",
      dependencies: ["ScrollTraceRecorder", "TraceCore"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TraceIngestTests",
      dependencies: ["TraceCore", "TraceIngest"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "ScrollTraceRecorder", "TraceCore", "TraceIngest"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "AnalyzeTests",
      dependencies: [
        "Analyze", "Presentation", "Replay", "TraceCore", "TraceIngest", "TestSupport",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: ["Presentation", "Analyze", "Replay", "TraceCore", "TestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "PipelineTests",
      dependencies: ["Pipeline", "Analyze", "Replay", "TraceCore", "TraceIngest"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ResultStoreTests",
      dependencies: [
        "ResultStore", "Analyze", "TraceCore", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ExploreTests",
      dependencies: [
        "Explore", "Analyze", "Pipeline", "Replay", "TraceIngest",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ScrollTraceCLITests",
      dependencies: [
        "scrolltrace", "ScrollTraceCLI", "Pipeline", "Replay", "TraceCore", "TraceIngest",
        "TestSupport",
      ],
      swiftSettings: strictSettings
    ),
  ]
)
