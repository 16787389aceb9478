// The scene a replay lays out: sizes, item spans and edits.

import Replay
import Testing
import TraceIngest

@Suite struct SceneContentTests {
  static let geometry = ScrollGeometry(
    boundsSize: Size(width: 400, height: 800), safeAreaInsets: EdgeInsets(top: 50, bottom: 30))
  static let row = SceneItem(length: 100, reuseIdentifier: "row")

  @Test func containerLengthsSpacingAndHiddenChildren() throws {
    var scene = SceneContent(
      Scene(
        axis: .vertical,
        layout: .container(
          spacing: 10,
          children: [
            ContainerChild(.view(length: 200)),
            ContainerChild(
              .list(
                items: Array(repeating: Self.row, count: 50),
                contentInset: EdgeInsets(top: 5, bottom: 5))),
            ContainerChild(.view(length: 300)),
          ])))
    #expect(
      scene.contentSize(in: Self.geometry) == Size(width: 400, height: 200 + 10 + 5010 + 10 + 300))
    let span = try #require(scene.span(section: 1, index: 3, in: Self.geometry))
    #expect(span.start == 200 + 10 + 5 + 300 && span.length == 100)
    #expect(scene.span(section: 0, index: 1, in: Self.geometry) == nil)
    try scene.apply(.setHidden(section: 1, isHidden: true), at: 0)
    #expect(scene.contentSize(in: Self.geometry).height == 200 + 10 + 300)
    #expect(scene.span(section: 1, index: 0, in: Self.geometry) == nil)
    #expect(try #require(scene.span(section: 2, index: 0, in: Self.geometry)).start == 210)
  }

  @Test func listEdits() throws {
    var scene = SceneContent(
      Scene(axis: .vertical, layout: .list(Array(repeating: Self.row, count: 10))))
    try scene.apply(
      .insert(section: 0, index: 10, items: [SceneItem(length: 40, reuseIdentifier: "ad")]), at: 0)
    try scene.apply(.resize(section: 0, index: 0, length: 250), at: 0)
    try scene.apply(.delete(section: 0, index: 1, count: 2), at: 0)
    #expect(scene.contentSize(in: Self.geometry).height == 250 + 700 + 40)
  }

  @Test(arguments: [
    SceneEdit.insert(section: 0, index: 11, items: [row]),
    .insert(section: 1, index: 0, items: [row]),
    .delete(section: 0, index: 5, count: 6), .delete(section: 0, index: -1, count: 1),
    .delete(section: 0, index: 0, count: .max),
    .resize(section: 0, index: 10, length: 5), .resize(section: 0, index: 0, length: -1),
    .resize(section: 0, index: 0, length: .nan),
    .setHidden(section: 0, isHidden: true),
    .batchUpdate(BatchUpdate(deletes: [10])),
    .batchUpdate(BatchUpdate(deletes: [2], inserts: [.init(index: 12, item: row)])),
  ])
  func impossibleEditsAreRefusedAndChangeNothing(edit: SceneEdit) {
    var scene = SceneContent(
      Scene(axis: .vertical, layout: .list(Array(repeating: Self.row, count: 10))))
    let before = scene
    #expect(throws: ReplayError.self) { try scene.apply(edit, at: 1_500_000_000) }
    #expect(scene == before)
    do {
      try scene.apply(edit, at: 1_500_000_000)
    } catch let error as ReplayError {
      #expect(error.code == .invalidEdit)
      #expect(error.description.hasPrefix("event at 1.500000000 s: "))
    } catch {
      Issue.record("expected a ReplayError, got \(error)")
    }
  }

  @Test func pageEdits() throws {
    var scene = SceneContent(Scene(axis: .horizontal, layout: .pages(count: 3)))
    try scene.apply(.insert(section: 0, index: 3, items: [Self.row]), at: 0)
    #expect(scene.scene.layout == .pages(count: 4))
    #expect(throws: ReplayError.self) {
      try scene.apply(.delete(section: 0, index: 2, count: Int.max), at: 0)
    }
    try scene.apply(.delete(section: 0, index: 0, count: 4), at: 0)
    #expect(scene.contentSize(in: Self.geometry).width == 0)
  }

  @Test func sessionRefusesEditsBeforeAScene() {
    let header = TraceHeader(
      device: DeviceInfo(
        name: "t", screenSize: Size(width: 400, height: 800), scale: 3, refreshRate: 60,
        touchSampleRate: 120))
    var session = ReplaySession(header: header, engine: PlainEngine())
    #expect(throws: ReplayError.self) {
      try session.apply(
        TraceEvent(timestamp: 0, .sceneEdit(.setHidden(section: 0, isHidden: true))))
    }
    #expect(throws: ReplayError.self) {
      try session.apply(
        TraceEvent(
          timestamp: 0,
          .programmaticScroll(
            ProgrammaticScroll(
              target: .item(section: 0, index: 0, position: .start), isAnimated: true))))
    }
  }
}

extension SceneContentTests {
  /// Engines keep per-item state: a scene, or edits, past the item limit are refused.
  @Test func hugeScenesAreRefused() throws {
    #expect(throws: ReplayError.self) {
      try SceneContent(
        checking: Scene(axis: .horizontal, layout: .pages(count: Int(Int32.max))), at: 0)
    }
    var scene = try SceneContent(
      checking: Scene(axis: .horizontal, layout: .pages(count: SceneContent.maximumItems)), at: 0)
    #expect(throws: ReplayError.self) {
      try scene.apply(.insert(section: 0, index: 0, items: [Self.row]), at: 0)
    }
    #expect(scene.itemCount == SceneContent.maximumItems)
    // A list at the limit: an insert is refused and the list is left as it was (the in-place path
    // is only taken when the list stays within the limit whatever the edit does).
    let full = Scene(
      axis: .vertical, layout: .list(Array(repeating: Self.row, count: SceneContent.maximumItems)))
    var list = try SceneContent(checking: full, at: 0)
    #expect(throws: ReplayError.self) {
      try list.apply(.insert(section: 0, index: 0, items: [Self.row]), at: 0)
    }
    #expect(list.scene == full)
    try list.apply(.delete(section: 0, index: 0, count: 1), at: 0)
    #expect(list.itemCount == SceneContent.maximumItems - 1)
  }
}
