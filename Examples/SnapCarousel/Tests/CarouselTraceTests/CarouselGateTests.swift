// carousel-trace as CI runs it: the gate catches the carousel's v1 flaw and an injected leak.

import Foundation
import Testing

@Suite struct CarouselGateTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The built binary, beside the test bundle.
  static var binary: URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("carousel-trace")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/carousel-trace")
  }

  /// Runs carousel-trace with `arguments` in the example's folder: exit status and standard output
  /// and error.
  static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = root
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }

  /// A fresh folder with the example's trace synthesized into it.
  static func folderWithTrace() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let synth = try run([
      "synth", "Scripts/carousel-rotation.json", "-o",
      folder.appendingPathComponent("carousel.sctrace").path,
    ])
    #expect(synth.status == 0, "\(synth.stderr)")
    return folder
  }

  /// Gates `candidate` against `baseline` with the example's budget; checks exit 1 and that the
  /// terminal, markdown and JUnit outputs all name `metric` as broken.
  static func expectCaught(baseline: String, candidate: String, metric: String) throws {
    let folder = try folderWithTrace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let junit = folder.appendingPathComponent("gate.xml").path
    let markdown = folder.appendingPathComponent("gate.md").path
    let gate = try run([
      "gate", "--budget", "budget.json", "--baseline", baseline, "--candidate", candidate,
      folder.appendingPathComponent("carousel.sctrace").path, "--junit", junit, "--markdown",
      markdown,
    ])
    #expect(gate.status == 1, "\(gate.stderr)")
    #expect(gate.stdout.contains("FAILED"))
    #expect(gate.stdout.contains("✗ \(metric)"))
    let md = try String(contentsOfFile: markdown, encoding: .utf8)
    #expect(
      md.contains("**failed**")
        && md.contains(
          "| ❌ | `\(folder.appendingPathComponent("carousel.sctrace").path)` | `\(metric)`")
    )
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<failure") && xml.contains(metric))
  }

  @Test func theGateCatchesVersion1RestingBetweenCards() throws {
    try Self.expectCaught(
      baseline: "carousel@2", candidate: "carousel@1", metric: "boundaryGlitches.count")
  }

  @Test func theGateCatchesAnInjectedLeak() throws {
    try Self.expectCaught(
      baseline: "carousel@2", candidate: "carousel@2+viewPerFrame", metric: "reuse.peakLiveViews")
  }

  @Test func version2HoldsTheBudget() throws {
    let folder = try Self.folderWithTrace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let gate = try Self.run([
      "gate", "--budget", "budget.json", "--baseline", "carousel@1", "--candidate", "carousel@2",
      folder.appendingPathComponent("carousel.sctrace").path,
    ])
    #expect(gate.status == 0, "\(gate.stdout)\(gate.stderr)")
  }

  @Test func theBuiltInEnginesAreThereToo() throws {
    let engines = try Self.run(["engines"])
    #expect(engines.status == 0)
    for name in ["plain@1", "paging@2", "carousel@1", "carousel@2"] {
      #expect(engines.stdout.contains(name))
    }
  }
}
