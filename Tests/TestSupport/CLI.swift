// The tool run as a user runs it: in this process (its own code, its streams in memory), or as a
// process where the process is the subject.

public import Foundation
import Replay
import ScrollTraceCLI

/// The result of one run of the tool.
public struct Run: Sendable {
  /// The exit status.
  public var status: Int32
  /// What it wrote to standard output.
  public var stdout: String
  /// What it wrote to standard error.
  public var stderr: String
}

/// Runs `scrolltrace` on a command line.
///
/// ``run(_:environment:)`` runs the tool in this process, as `ScrollTraceTool.main` would but
/// with its standard output and error in memory: many runs at once, each its own (Swift Testing
/// runs tests in parallel), and no process to start. Its relative paths are the package root's,
/// as a user running the tool from a clone. ``spawn(_:in:environment:)`` starts the built binary
/// instead, where the process itself is the subject: signals, a working directory, standard input,
/// the descriptors it writes (`/dev/stdout`, `/dev/full`), a terminal, another build of the tool.
public enum CLI {
  /// The package's root folder.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The built binary, beside the test bundle.
  public static var binary: URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("scrolltrace")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/scrolltrace")
  }

  /// The tool as `scrolltrace` ships: the built-in engines.
  private static let tool = ScrollTraceTool()

  /// This process in the package root (once): relative paths in a command line are the root's.
  private static let inRoot: Bool = FileManager.default.changeCurrentDirectoryPath(root.path)

  /// Runs `scrolltrace` with `arguments` in this process, in the package root, with this
  /// process's environment and `environment` over it.
  ///
  /// With `readsDirectly` false, argument-parser parses every command line, the common forms of
  /// `info`, `history add` and `gate` included (what the tool's direct reading is checked against).
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], readsDirectly: Bool = true
  ) throws -> Run {
    precondition(inRoot, "cannot enter \(root.path)")
    let result = tool.run(
      arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      readsDirectly: readsDirectly)
    return Run(
      status: result.status, stdout: result.standardOutput, stderr: result.standardError)
  }

  /// Runs the built `scrolltrace` binary (or the program at `executable`) with `arguments` as a
  /// process, in `directory` (the package root by default), with this process's environment and
  /// `environment` over it.
  public static func spawn(
    _ arguments: [String], executable: String? = nil, in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.currentDirectoryURL = directory ?? root
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Standard error is read on another thread: a run that writes more than a pipe holds to it
    // while standard output is being read does not stall.
    let errors = ErrorReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.wait()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrolltrace-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs a bash command; its standard output, nil when it cannot start or exits non-zero.
  public static func shell(_ command: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
