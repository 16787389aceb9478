// How every verb writes an output (docs/files.md, "Outputs"): through links, devices and open
// descriptors' names directly, never over an input or twice in one run, whole or not at all,
// every write to standard output checked, long names and folders the user may not write.

import Foundation
import TestSupport
import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct OutputRulesTests {
  @Test func outputsNeverReplaceDevicesOrInputs() throws {
    let directory = try CLI.temporaryDirectory()
    let trace = directory.appendingPathComponent("t.sctrace").path
    try FileManager.default.copyItem(
      atPath: CLI.root.appendingPathComponent("Traces/pager-rotation.sctrace").path, toPath: trace)
    let before = try Data(contentsOf: URL(fileURLWithPath: trace))
    let run = try CLI.run(["replay", trace, "--engine", "paging@2", "-o", trace])
    HostileFiles.expectRefused(run, naming: trace, "the output is also an input")
    #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    for verb in [
      ["replay", trace, "--engine", "paging@2", "-o", "/dev/null"],
      ["replay", trace, "--engine", "paging@2", "--timeline", "/dev/null"],
    ] {
      #expect(try CLI.run(verb).status == 0)
      let type =
        try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
      #expect(type == .typeCharacterSpecial, "/dev/null is still a device")
    }
  }

  /// `-o` naming a link writes the file it names, and leaves the link a link.
  @Test func outputsGoThroughLinks() throws {
    let directory = try CLI.temporaryDirectory()
    let link = directory.appendingPathComponent("link.json")
    let real = directory.appendingPathComponent("real.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
    #expect(
      try CLI.run(["replay", HostileFiles.pager, "--engine", "plain", "-o", link.path]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(
      try String(contentsOf: real, encoding: .utf8).hasPrefix(#"{"schema":"scrolltrace-report""#))
    #expect(try HostileFiles.leftovers(directory).isEmpty)
  }

  /// `/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` name whatever standard output is: a file
  /// the shell opened is written, and the name is never replaced by a regular file.
  @Test func descriptorNamesAreWrittenDirectly() throws {
    let directory = try CLI.temporaryDirectory()
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
      let file = directory.appendingPathComponent("out.txt").path
      let output = CLI.shell(
        "cd '\(CLI.root.path)' && '\(CLI.binary.path)' replay \(HostileFiles.pager) --engine plain -o \(name) > '\(file)'; echo status $?"
      )
      #expect(output == "status 0\n", "\(name): \(output ?? "")")
      #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("scrolltrace replay"))
    }
    var info = stat()
    #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
  }

  /// Two outputs of one run naming the same file are refused before anything is written.
  @Test func twoOutputsNamingOneFileAreRefused() throws {
    let directory = try CLI.temporaryDirectory()
    let report = directory.appendingPathComponent("R.json").path
    let relative = try CLI.spawn(
      [
        "replay", CLI.root.appendingPathComponent(HostileFiles.pager).path, "--engine", "plain",
        "-o",
        "./R.json", "--timeline", "R.json",
      ], in: directory)
    #expect(
      relative.status == 2 && relative.stderr.contains("two outputs of this run name the same file")
    )
    #expect(!FileManager.default.fileExists(atPath: report))
    let junit = directory.appendingPathComponent("J.xml").path
    let gate = try CLI.run([
      "gate", "--budget", "Budgets/samples.json", "--baseline", "paging@1", "--candidate",
      "paging@2", HostileFiles.pager, "--repeat", "1", "--junit", junit, "--markdown", junit,
    ])
    #expect(gate.status == 2 && gate.stderr.contains("two outputs"), "\(gate.stderr)")
    #expect(!FileManager.default.fileExists(atPath: junit))
    let both = try CLI.run(["replay", HostileFiles.pager, "--engine", "plain", "--timeline", "-"])
    #expect(
      both.status == 2 && both.stderr.contains("two outputs of this run write standard output"))
    #expect(try HostileFiles.leftovers(directory).isEmpty)
  }

  /// A failed write to standard output is an error for every verb, never a lost report.
  @Test func aFailedWriteToStandardOutputIsAnError() throws {
    for command in [
      "engines", "metrics", "--help", "replay --help", "info \(HostileFiles.pager)",
      "replay \(HostileFiles.pager) --engine plain",
      "gate --budget Budgets/samples.json --baseline paging@1 --candidate paging@2 \(HostileFiles.pager) --repeat 1",
    ] {
      let output =
        CLI.shell(
          "cd '\(CLI.root.path)' && '\(CLI.binary.path)' \(command) > /dev/full 2> /tmp/full-$$.err; echo status $?; cat /tmp/full-$$.err; rm -f /tmp/full-$$.err"
        ) ?? ""
      #expect(output.hasPrefix("status 2\n"), "\(command): \(output)")
      #expect(
        output.contains("standard output: cannot write: No space left on device"), "\(output)")
    }
  }

  /// A name of 250 bytes, which the file system takes, is written: the temporary is short.
  @Test func longNamesAreWritten() throws {
    let directory = try CLI.temporaryDirectory()
    let name = directory.appendingPathComponent(String(repeating: "a", count: 250) + ".json").path
    #expect(
      try CLI.run(["replay", HostileFiles.pager, "--engine", "plain", "-o", name]).status == 0)
    #expect(FileManager.default.fileExists(atPath: name))
    let empty = try CLI.run(["replay", HostileFiles.pager, "--engine", "plain", "-o", ""])
    #expect(empty.status == 2 && empty.stderr.contains("the output path is empty"))
  }

  /// A writable file in a folder its user cannot write is written, as the shell's `>` would.
  @Test(
    .enabled(
      if: getuid() == 0 && CLI.shell("command -v setpriv") != nil,
      "needs root and setpriv to act as another user"))
  func aWritableFileInAFolderThatIsNot() throws {
    let directory = try CLI.temporaryDirectory()
    let file = directory.appendingPathComponent("r.json").path
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    _ = CLI.shell(
      "chown nobody '\(file)' && chmod 755 '\(directory.path)' && chmod 755 '\(CLI.binary.deletingLastPathComponent().path)'"
    )
    let output =
      CLI.shell(
        "cd '\(CLI.root.path)' && setpriv --reuid=nobody --regid=nogroup --clear-groups '\(CLI.binary.path)' replay \(HostileFiles.pager) --engine plain -o '\(file)' 2>&1; echo status $?"
      ) ?? ""
    #expect(output.hasSuffix("status 0\n"), "\(output)")
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(#"{"schema""#))
  }
}
