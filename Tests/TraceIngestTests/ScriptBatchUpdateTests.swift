// scrolltrace — batch updates, prepends and reloadData in gesture scripts (format 1.4).

import Testing
import TraceCore
import TraceIngest

@Suite struct ScriptBatchUpdateTests {
  static func script(_ steps: String, list: String = #"[{"length": 44, "repeat": 20}]"#) -> String {
    """
    { "device": { "screen": [393, 852], "refreshRate": 120, "touchRate": 240 },
      "viewport": { "size": [393, 852] }, "scene": { "list": \(list) },
      "steps": [\(steps)] }
    """
  }

  static func decode(_ json: String) throws -> GestureScript {
    try GestureScript.decode(json: Array(json.utf8))
  }

  @Test func aBatchUpdateHoldsEveryKindOfChange() throws {
    let script = try Self.decode(
      Self.script(
        #"""
        {"batchUpdate": {"deletes": [3, 4], "reloads": [{"index": 2, "length": 80, "estimate": 44}],
          "moves": [[1, 5]], "inserts": [{"at": 0, "items": [{"length": 60, "reuse": "row", "repeat": 2}]}],
          "animated": false, "duration": 0.25}}
        """#))
    let expected = BatchUpdate(
      deletes: [3, 4],
      reloads: [
        BatchUpdate.Reload(
          index: 2, item: SceneItem(length: 80, reuseIdentifier: "cell", estimatedLength: 44))
      ],
      moves: [BatchUpdate.Move(from: 1, to: 5)],
      inserts: [0, 1].map {
        BatchUpdate.Insertion(index: $0, item: SceneItem(length: 60, reuseIdentifier: "row"))
      },
      isAnimated: false, duration: 250_000_000)
    #expect(script.steps == [.edit(.batchUpdate(expected))])
    // Written back as a script reads it.
    #expect(try Self.decode(script.json).steps == script.steps)
  }

  @Test func aPrependInsertsAboveTheFirstItem() throws {
    let script = try Self.decode(
      Self.script(#"{"prepend": {"items": [{"length": 150, "estimate": 120, "repeat": 5}]}}"#))
    guard case .edit(.batchUpdate(let update)) = try #require(script.steps.first) else {
      Issue.record("not a batch update: \(script.steps)")
      return
    }
    #expect(update.inserts.map(\.index) == [0, 1, 2, 3, 4])
    #expect(update.inserts.allSatisfy { $0.item.estimatedLength == 120 })
    #expect(update.isAnimated && update.duration == 300_000_000)
    #expect(try Self.decode(script.json).steps == script.steps)
  }

  @Test func reloadDataAndEstimatesReadAndWriteBack() throws {
    let script = try Self.decode(
      Self.script(
        #"{"reloadData": {}}"#, list: #"[{"length": 200, "estimate": 120, "repeat": 3}]"#))
    #expect(script.steps == [.edit(.reloadData(section: 0))])
    guard case .list(let items) = script.scene.layout else {
      Issue.record("no list")
      return
    }
    #expect(items.map(\.estimatedLength) == [120, 120, 120])
    #expect(try Self.decode(script.json) == script)
  }

  @Test(arguments: [
    #"{"prepend": {"items": [{"length": 1}], "deletes": [0]}}"#,
    #"{"batchUpdate": {"items": [{"length": 1}]}}"#,
    #"{"batchUpdate": {"moves": [[1, 2, 3]]}}"#,
    #"{"batchUpdate": {"deletes": [-1]}}"#,
    #"{"batchUpdate": {"reloads": [{"index": 0, "length": 1, "repeat": 2}]}}"#,
    #"{"batchUpdate": {"inserts": [{"at": 2147483647, "items": [{"length": 1, "repeat": 2}]}]}}"#,
    #"{"batchUpdate": {"duration": -1}}"#,
    #"{"prepend": {"items": [{"length": 1, "estimate": -3}]}}"#,
  ])
  func malformedUpdatesAreRefused(_ step: String) {
    #expect(throws: (any Error).self) { try Self.decode(Self.script(step)) }
  }

  /// An update's indexes follow UIKit's rules: deletes, reloads and move sources before it,
  /// inserts and move destinations after it.
  @Test func anUpdateAppliesAsUIKitDoes() throws {
    let update = BatchUpdate(
      deletes: [0, 3],
      reloads: [BatchUpdate.Reload(index: 1, item: SceneItem(length: 9, reuseIdentifier: "r"))],
      moves: [BatchUpdate.Move(from: 4, to: 0)],
      inserts: [BatchUpdate.Insertion(index: 2, item: SceneItem(length: 7, reuseIdentifier: "n"))])
    let after = try update.applied(
      to: ["a", "b", "c", "d", "e", "f"], reloaded: { old, _ in old.uppercased() },
      inserted: { _ in "new" })
    #expect(after == ["e", "B", "new", "c", "f"])
    let conflicts: [BatchUpdate] = [
      BatchUpdate(deletes: [6]),
      BatchUpdate(deletes: [1, 1]),
      BatchUpdate(deletes: [1], moves: [BatchUpdate.Move(from: 1, to: 0)]),
      BatchUpdate(inserts: [
        BatchUpdate.Insertion(index: 7, item: SceneItem(length: 1, reuseIdentifier: "x"))
      ]),
    ]
    for conflict in conflicts {
      #expect(throws: BatchUpdate.Conflict.self) {
        try conflict.applied(to: Array(0..<6), reloaded: { old, _ in old }, inserted: { _ in -1 })
      }
    }
  }
}
