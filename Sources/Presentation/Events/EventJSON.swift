// scrolltrace — one event as one line of JSON (`scrolltrace dump`; docs/trace-format.md, "dump").

import Analyze
public import TraceCore

extension TraceEvent {
  /// The event as a JSON object: `time_ns`, `kind`, then the payload's fields.
  public var jsonLine: String {
    var object = JSONObject()
    object.add("time_ns", timestamp)
    object.add("kind", kind.name)
    switch payload {
    case .touch(let touch):
      object.add("id", Int(touch.touchID))
      object.add("phase", touch.phase.name)
      object.add("x", touch.location.x)
      object.add("y", touch.location.y)
      if let force = touch.force { object.add("force", force) }
      if let radius = touch.majorRadius { object.add("majorRadius", radius) }
    case .viewport(let viewport):
      object.add("size", array: [viewport.size.width, viewport.size.height].map(JSONObject.number))
      object.add("safeArea", viewport.safeAreaInsets.json)
      object.add("transition_ns", viewport.transitionDuration)
      if let frame = viewport.frameInWindow {
        object.add(
          "frameInWindow",
          array: [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(
            JSONObject.number))
      }
    case .content(let content):
      object.add(
        "contentSize",
        array: [content.contentSize.width, content.contentSize.height].map(JSONObject.number))
      object.add("contentInset", content.contentInset.json)
      object.add("adjustment", content.adjustmentBehavior.name)
      if let adjusted = content.adjustedContentInset {
        object.add("adjustedContentInset", adjusted.json)
      }
    case .scene(let scene):
      object.add("axis", scene.axis == .vertical ? "vertical" : "horizontal")
      switch scene.layout {
      case .pages(let count):
        object.add("pages", count)
      case .list(let items):
        object.add("list", array: Self.runs(items))
      case .container(let spacing, let children):
        object.add("spacing", spacing)
        object.add("container", array: children.map(\.json))
      }
    case .sceneEdit(let edit):
      switch edit {
      case .insert(let section, let index, let items):
        object.add("op", "insert")
        object.add("section", section)
        object.add("at", index)
        object.add("items", array: Self.runs(items))
      case .delete(let section, let index, let count):
        object.add("op", "delete")
        object.add("section", section)
        object.add("at", index)
        object.add("count", count)
      case .resize(let section, let index, let length):
        object.add("op", "resizeItem")
        object.add("section", section)
        object.add("index", index)
        object.add("length", length)
      case .setHidden(let section, let isHidden):
        object.add("op", "setHidden")
        object.add("section", section)
        object.add("hidden", isHidden)
      case .batchUpdate(let update):
        object.add("op", "batchUpdate")
        object.add("section", update.section)
        object.add("animated", update.isAnimated)
        object.add("duration_ns", update.duration)
        if !update.deletes.isEmpty { object.add("deletes", array: update.deletes.map(String.init)) }
        if !update.reloads.isEmpty {
          object.add("reloads", array: update.reloads.map { Self.indexed($0.index, $0.item) })
        }
        if !update.moves.isEmpty {
          object.add("moves", array: update.moves.map { "[\($0.from),\($0.to)]" })
        }
        if !update.inserts.isEmpty {
          object.add("inserts", array: update.inserts.map { Self.indexed($0.index, $0.item) })
        }
      case .reloadData(let section):
        object.add("op", "reloadData")
        object.add("section", section)
      case .sizeResolved(let section, let index, let length):
        object.add("op", "sizeResolved")
        object.add("section", section)
        object.add("index", index)
        object.add("length", length)
      }
    case .programmaticScroll(let scroll):
      object.add("animated", scroll.isAnimated)
      switch scroll.target {
      case .offset(let offset):
        object.add("offset", array: [offset.x, offset.y].map(JSONObject.number))
      case .item(let section, let index, let position):
        object.add("section", section)
        object.add("item", index)
        object.add("position", position.name)
      }
    case .frameTick:
      break
    case .observedFrame(let frame):
      object.add("target_time_ns", frame.targetTimestamp)
      if let presented = frame.presentationTimestamp { object.add("presented_time_ns", presented) }
      if let offset = frame.contentOffset {
        object.add("contentOffset", array: [offset.x, offset.y].map(JSONObject.number))
      }
      if let size = frame.contentSize {
        object.add("contentSize", array: [size.width, size.height].map(JSONObject.number))
      }
      if let busy = frame.busyDuration { object.add("busy_ns", busy) }
      if frame.source != .displayLink { object.add("source", frame.source.name) }
      if frame.isOutlier { object.add("outlier", true) }
    case .keyboard(let keyboard):
      object.add("overlap", keyboard.overlap)
      object.add("duration_ns", keyboard.animationDuration)
      object.add("curve", keyboard.curve.name)
      if keyboard.isInteractive { object.add("interactive", true) }
    case .scroll(let scroll):
      object.add("phase", scroll.phase.name)
      object.add("source", scroll.source.name)
      object.add("x", scroll.translation.x)
      object.add("y", scroll.translation.y)
    case .marker(let text):
      object.add("text", text)
    case .unknown(_, let bytes):
      object.add("payload_hex", bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
    }
    return object.rendered
  }

  /// Items as runs of identical items, as scripts write them.
  fileprivate static func runs(_ items: [SceneItem]) -> [String] {
    items.runs().map { run in
      var object = item(run.item)
      if run.count > 1 { object.add("repeat", run.count) }
      return object.rendered
    }
  }

  /// `{"index": …, "item": {…}}`: an item of a batch update at its index.
  fileprivate static func indexed(_ index: Int, _ item: SceneItem) -> String {
    var entry = JSONObject()
    entry.add("index", index)
    entry.add("item", Self.item(item))
    return entry.rendered
  }

  /// One item as scripts write it: its length, reuse identifier, and its estimate and width if it
  /// has them.
  fileprivate static func item(_ item: SceneItem) -> JSONObject {
    var object = JSONObject()
    object.add("length", item.length)
    object.add("reuse", item.reuseIdentifier)
    if let estimate = item.estimatedLength { object.add("estimate", estimate) }
    if item.sharesRow { object.add("width", item.widthName) }
    return object
  }
}

extension EdgeInsets {
  var json: JSONObject {
    var object = JSONObject()
    object.add("top", top)
    object.add("left", left)
    object.add("bottom", bottom)
    object.add("right", right)
    return object
  }
}

extension ContainerChild {
  fileprivate var json: String {
    var object = JSONObject()
    switch content {
    case .view(let length):
      object.add("view", length)
    case .list(let items, let inset):
      object.add("list", array: TraceEvent.runs(items))
      object.add("contentInset", inset.json)
    }
    if isHidden { object.add("hidden", true) }
    return object.rendered
  }
}

extension TraceHeader {
  /// The header as a JSON object of kind "header".
  public var jsonLine: String {
    var object = JSONObject()
    object.add("kind", "header")
    object.add("version", version.description)
    object.add("device", device.name)
    object.add(
      "screen", array: [device.screenSize.width, device.screenSize.height].map(JSONObject.number))
    object.add("scale", device.scale)
    object.add("refreshRate", device.refreshRate)
    object.add("touchSampleRate", device.touchSampleRate)
    object.add("clock", clock.rawValue)
    object.add("creationTime_ns", creationTime)
    var meta = JSONObject()
    for key in metadata.keys.sorted() { meta.add(key, metadata[key] ?? "") }
    object.add("metadata", meta)
    return object.rendered
  }
}
