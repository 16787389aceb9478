// scrolltrace — the folder graph check reads every name the code uses, in string interpolations
// too, and fails on a cycle.

import Foundation
import TestSupport
import Testing

@Suite struct FolderGraphCheckTests {
  /// A package in a new folder with the module `Shelf`: `Books/Book.swift` and
  /// `Labels/Label.swift`, whose sources are `book` and `label`.
  private func package(book: String, label: String) throws -> URL {
    let root = try CLI.temporaryDirectory()
    for (folder, file, source) in [("Books", "Book", book), ("Labels", "Label", label)] {
      let directory = root.appendingPathComponent("Sources/Shelf/\(folder)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(source.utf8).write(to: directory.appendingPathComponent("\(file).swift"))
    }
    return root
  }

  /// The check's exit status and output on the package at `root`, after writing its listing into
  /// that package's ARCHITECTURE.md (so that only a cycle fails it).
  private func check(_ root: URL) throws -> (status: Int32, output: String) {
    let script = CLI.root.appendingPathComponent("scripts/check-folder-graph").path
    let listing = try CLI.spawn(["--listing", "--root", root.path], executable: script)
    try Data(listing.stdout.utf8).write(to: root.appendingPathComponent("ARCHITECTURE.md"))
    let run = try CLI.spawn(["--root", root.path], executable: script)
    return (run.status, run.stdout + run.stderr)
  }

  @Test func aNameUsedOnlyInAnInterpolationClosesACycle() throws {
    let root = try package(
      book: #"struct Book { var title = "" ; var spine: String { "\(Label.prefix) \(title)" } }"#,
      label:
        #"enum Label { static let prefix = "§"; static func of(_ book: Book) -> String { "" } }"#)
    let run = try check(root)
    #expect(run.status == 1)
    #expect(run.output.contains("a cycle between Books, Labels"))
    #expect(run.output.contains("Books -> Labels: Label"))
  }

  @Test func namesInCommentsAndStringTextAreNotUses() throws {
    let root = try package(
      book: """
        // Label is mentioned here only.
        /* and here: Label /* nested: Label */ Label */
        struct Book {
          var title = "Label"
          var raw = #"Label \\(Label) \\#("x")"#
          var long = \"\"\"
            Label \\("Label")
            \"\"\"
        }
        """,
      label: #"enum Label { static func of(_ book: Book) -> String { "" } }"#)
    let run = try check(root)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("no cycle"))
  }
}
