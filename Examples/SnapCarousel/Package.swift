// swift-tools-version:6.2
//
// SnapCarousel — how a team brings its own scroll logic to scrolltrace (docs/custom-engines.md).
//
//   CarouselLayout   the app's own layout and snapping logic: Foundation only, so the same file
//                    compiles in the iOS app and here
//   CarouselEngines  two versions of the carousel as scrolltrace engines, on CarouselLayout
//   carousel-trace   the scrolltrace tool with those engines beside the built-in ones
import PackageDescription

let package = Package(
  name: "SnapCarousel",
  products: [
    .executable(name: "carousel-trace", targets: ["carousel-trace"]),
    .library(name: "CarouselLayout", targets: ["CarouselLayout"]),
  ],
  dependencies: [
    // A team's package names scrolltrace by its repository URL and a version; this example sits
    // inside the repository, so it names it by path.
    .package(name: "scrolltrace", path: "../..")
  ],
  targets: [
    .target(name: "CarouselLayout"),
    .target(
      name: "CarouselEngines",
      // Replay and TraceCore only: an engine's package links no C library (no libzstd).
      dependencies: [
        "CarouselLayout",
        .product(name: "Replay", package: "scrolltrace"),
        .product(name: "TraceCore", package: "scrolltrace"),
      ]
    ),
    .executableTarget(
      name: "carousel-trace",
      dependencies: [
        "CarouselEngines",
        .product(name: "Replay", package: "scrolltrace"),
        .product(name: "ScrollTraceCLI", package: "scrolltrace"),
      ]
    ),
    .testTarget(name: "CarouselLayoutTests", dependencies: ["CarouselLayout"]),
    // Runs the built carousel-trace as CI runs it.
    .testTarget(name: "CarouselTraceTests", dependencies: ["carousel-trace"]),
    .testTarget(
      name: "CarouselEnginesTests",
      dependencies: [
        "CarouselEngines",
        .product(name: "Replay", package: "scrolltrace"),
        .product(name: "TraceIngest", package: "scrolltrace"),
        .product(name: "Analyze", package: "scrolltrace"),
        .product(name: "Pipeline", package: "scrolltrace"),
      ]
    ),
  ]
)
