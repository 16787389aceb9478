// swift-tools-version:6.2
//
// scrolltrace — record, replay and measure scroll-view behaviour headlessly.
//
// The target list is the architecture diagram (one straight line, imports point upstream only):
//   CZstd → TraceFormat → Replay → Analyze → ScrollTraceCLI → scrolltrace
// ScrollTraceCLI is the whole tool as a library: a team's executable calls its entry point with its
// own engines (docs/custom-engines.md); `scrolltrace` is that entry point with the built-in ones.
// The benchmark suite sits beside the CLI: it writes traces with TraceFormat and runs the CLI.
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "scrolltrace",
  products: [
    .executable(name: "scrolltrace", targets: ["scrolltrace"]),
    .library(name: "TraceFormat", targets: ["TraceFormat"]),
    .library(name: "Replay", targets: ["Replay"]),
    .library(name: "Analyze", targets: ["Analyze"]),
    .library(name: "Pipeline", targets: ["Pipeline"]),
    .library(name: "ScrollTraceCLI", targets: ["ScrollTraceCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    // `swift package generate-documentation`: the libraries' API docs (scripts/make-api-docs).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // libzstd through a system-library target: `apt-get install libzstd-dev` provides libzstd.pc.
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"])]
    ),
    .target(
      name: "TraceFormat",
      dependencies: [
        "CZstd",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Replay",
      dependencies: [
        "TraceFormat",
        .product(name: "DequeModule", package: "swift-collections"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Analyze",
      dependencies: [
        "Replay", "TraceFormat",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Pipeline",
      dependencies: [
        "TraceFormat", "Replay", "Analyze",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "ScrollTraceCLI",
      dependencies: [
        "TraceFormat", "Replay", "Analyze", "Pipeline",
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
        "TraceFormat", "Replay",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/ScrollTraceBench",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TraceFormatTests",
      dependencies: ["TraceFormat"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["Replay", "TraceFormat"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "AnalyzeTests",
      dependencies: ["Analyze", "Replay", "TraceFormat"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ScrollTraceCLITests",
      dependencies: ["scrolltrace", "ScrollTraceCLI", "Pipeline", "Replay", "TraceFormat"],
      swiftSettings: strictSettings
    ),
  ]
)
