// swift-tools-version:6.2
//
// The recorder as an app gets it, checked on Linux: TraceCore and ScrollTraceRecorder built and
// tested with no C library at all (no libzstd: this package declares none), and the UIKit adapter
// and the example glue type-checked against a stand-in for the UIKit and QuartzCore declarations
// they use (StandIn/, each citing Apple's documentation).
//
//   swift build --package-path Checks/Recorder
//   swift test --package-path Checks/Recorder
//
// The sources are the repository's own, through the links in Linked/. What this proves and what
// it does not: docs/recording.md, "What is checked where".
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "RecorderCheck",
  targets: [
    .target(name: "TraceCore", path: "Linked/TraceCore", swiftSettings: strictSettings),
    // Stand-ins: never a product; named as Apple's frameworks so that `import UIKit` and
    // `canImport(UIKit)` select the adapter's code as on iOS.
    .target(name: "QuartzCore", path: "StandIn/QuartzCore"),
    .target(name: "UIKit", path: "StandIn/UIKit"),
    .target(
      name: "ScrollTraceRecorder",
      dependencies: ["TraceCore", "UIKit", "QuartzCore"],
      path: "Linked/ScrollTraceRecorder",
      swiftSettings: strictSettings
    ),
    .target(
      name: "RecorderExample",
      dependencies: ["ScrollTraceRecorder", "TraceCore", "UIKit"],
      path: "Linked/RecorderExample",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TraceCoreTests",
      dependencies: ["TraceCore"],
      path: "Linked/TraceCoreTests",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "ScrollTraceRecorderTests",
      // UIKit: the stand-in, so that the adapter's own tests run here (ScrollViewRecordingTests).
      dependencies: ["ScrollTraceRecorder", "TraceCore", "UIKit"],
      path: "Linked/ScrollTraceRecorderTests",
      swiftSettings: strictSettings
    ),
  ]
)
