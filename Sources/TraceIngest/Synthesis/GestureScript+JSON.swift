// scrolltrace — a gesture script written back as the JSON `synth` reads (docs/synth.md).

extension GestureScript {
  /// How long the script lasts, in seconds: its steps' durations (steps meanwhile take none).
  public var duration: Double { steps.reduce(0) { $0 + $1.duration } }

  /// The script as JSON in the form `docs/synth.md` specifies: `GestureScript.decode(json:)` of
  /// it gives back an equal script.
  ///
  /// The text is canonical — keys in a fixed order, one step a line, numbers in Swift's shortest
  /// form that reads back exactly — so the same script gives the same bytes on every machine.
  /// Consecutive equal items are written as one run with `repeat`.
  public var json: String {
    var lines = ["{"]
    var top: [String] = []
    var device = [
      ("name", ScriptJSON.string(self.device.name)),
      ("screen", ScriptJSON.size(self.device.screen)),
      ("scale", ScriptJSON.number(self.device.scale)),
      ("refreshRate", ScriptJSON.number(self.device.refreshRate)),
      ("touchRate", ScriptJSON.number(self.device.touchRate)),
    ]
    if device[0].1 == "\"synthetic\"" { device.removeFirst() }
    top.append("\"device\": " + ScriptJSON.object(device))
    top.append("\"seed\": \(seed)")
    if jitter != .none {
      top.append(
        "\"jitter\": "
          + ScriptJSON.object([
            ("position", ScriptJSON.number(jitter.position)),
            ("timing", ScriptJSON.number(jitter.timing)),
          ]))
    }
    if frameTicks { top.append("\"frameTicks\": true") }
    if !metadata.isEmpty {
      top.append(
        "\"metadata\": "
          + ScriptJSON.object(
            metadata.sorted { $0.key < $1.key }.map { ($0.key, ScriptJSON.string($0.value)) }))
    }
    if let viewport {
      top.append(
        "\"viewport\": "
          + ScriptJSON.object([
            ("size", ScriptJSON.size(viewport.size)),
            ("safeArea", ScriptJSON.insets(viewport.safeArea)),
          ]))
    }
    if let content {
      top.append(
        "\"content\": "
          + ScriptJSON.object([
            ("size", ScriptJSON.size(content.size)), ("inset", ScriptJSON.insets(content.inset)),
            ("adjustment", ScriptJSON.string(content.adjustment.name)),
          ]))
    }
    top.append("\"scene\": " + ScriptJSON.scene(scene))
    for line in top { lines.append("  " + line + ",") }
    if steps.isEmpty {
      lines.append("  \"steps\": []")
    } else {
      lines.append("  \"steps\": [")
      for (number, step) in steps.enumerated() {
        lines.append("    " + ScriptJSON.step(step) + (number == steps.count - 1 ? "" : ","))
      }
      lines.append("  ]")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The JSON pieces of a script: numbers, strings, points and the objects of scenes and steps.
enum ScriptJSON {
  /// A finite number in Swift's shortest form that reads back exactly (`1400`, `0.22`, `1e-05`).
  static func number(_ value: Double) -> String { JSONObject.number(value) }

  /// A JSON string, escaped.
  static func string(_ text: String) -> String { JSONObject.quote(text) }

  /// `{ "a": 1, "b": 2 }` from pairs of a key and a rendered value, in order.
  static func object(_ pairs: [(String, String)]) -> String {
    JSONObject(pairs, spaced: true).rendered
  }

  static func point(_ point: Point) -> String { "[\(number(point.x)), \(number(point.y))]" }

  static func size(_ size: Size) -> String { "[\(number(size.width)), \(number(size.height))]" }

  /// Insets with the edges that are not 0 (a missing edge reads as 0).
  static func insets(_ insets: EdgeInsets) -> String {
    let edges = [
      ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom),
      ("right", insets.right),
    ].filter { $0.1 != 0 }
    return edges.isEmpty ? "{}" : object(edges.map { ($0.0, number($0.1)) })
  }

  /// Items as runs: consecutive equal items are one run with `repeat`.
  static func runs(_ items: [SceneItem]) -> String {
    "["
      + items.runs().map { run in object(item(run.item, count: run.count)) }
      .joined(separator: ", ") + "]"
  }

  /// An item's pairs as scripts write them: length, reuse identifier, estimate, width, repeat.
  static func item(_ item: SceneItem, count: Int = 1) -> [(String, String)] {
    var pairs = [("length", number(item.length)), ("reuse", string(item.reuseIdentifier))]
    if let estimate = item.estimatedLength { pairs.append(("estimate", number(estimate))) }
    if item.sharesRow { pairs.append(("width", string(item.widthName))) }
    if count > 1 { pairs.append(("repeat", String(count))) }
    return pairs
  }

  /// A batch update's pairs as ``ScriptBatchUpdate`` reads them: inserts grouped by consecutive
  /// positions.
  static func batchUpdate(_ update: BatchUpdate) -> [(String, String)] {
    var pairs: [(String, String)] = [("section", String(update.section))]
    if !update.deletes.isEmpty {
      pairs.append(("deletes", "[" + update.deletes.map(String.init).joined(separator: ", ") + "]"))
    }
    if !update.reloads.isEmpty {
      let reloads = update.reloads.map { object([("index", String($0.index))] + item($0.item)) }
      pairs.append(("reloads", "[" + reloads.joined(separator: ", ") + "]"))
    }
    if !update.moves.isEmpty {
      let moves = update.moves.map { "[\($0.from), \($0.to)]" }
      pairs.append(("moves", "[" + moves.joined(separator: ", ") + "]"))
    }
    let groups = update.insertionGroups
    if !groups.isEmpty {
      let inserts = groups.map { object([("at", String($0.index)), ("items", runs($0.items))]) }
      pairs.append(("inserts", "[" + inserts.joined(separator: ", ") + "]"))
    }
    pairs.append(("animated", update.isAnimated ? "true" : "false"))
    pairs.append(("duration", number(Double(update.duration) / 1e9)))
    return pairs
  }

  static func scene(_ scene: Scene) -> String {
    let axis = ("axis", string(scene.axis == .vertical ? "vertical" : "horizontal"))
    switch scene.layout {
    case .pages(let count):
      return object([("pages", String(count)), axis])
    case .list(let items):
      return object([("list", runs(items)), axis])
    case .container(let spacing, let children):
      let rendered = children.map { child -> String in
        var pairs: [(String, String)]
        switch child.content {
        case .view(let length):
          pairs = [("view", number(length))]
        case .list(let items, let inset):
          pairs = [("list", runs(items))]
          if inset != .zero { pairs.append(("contentInset", insets(inset))) }
        }
        if child.isHidden { pairs.append(("hidden", "true")) }
        return object(pairs)
      }
      return object([
        ("container", "[" + rendered.joined(separator: ", ") + "]"), ("spacing", number(spacing)),
        axis,
      ])
    }
  }

  static func step(_ step: Step) -> String {
    func named(_ name: String, _ pairs: [(String, String)]) -> String {
      object([(name, object(pairs))])
    }
    switch step {
    case .drag(let from, let translation, let duration, let releaseVelocity, let fingers):
      var pairs = [
        ("from", point(from)), ("by", point(translation)), ("duration", number(duration)),
      ]
      if releaseVelocity != .zero { pairs.append(("releaseVelocity", point(releaseVelocity))) }
      if fingers != 1 { pairs.append(("fingers", String(fingers))) }
      return named("drag", pairs)
    case .fling(let from, let velocity, let duration, let fingers):
      var pairs = [
        ("from", point(from)), ("velocity", point(velocity)), ("duration", number(duration)),
      ]
      if fingers != 1 { pairs.append(("fingers", String(fingers))) }
      return named("fling", pairs)
    case .trackpad(let translation, let duration, let releaseVelocity, let source):
      var pairs = [("by", point(translation)), ("duration", number(duration))]
      if releaseVelocity != .zero { pairs.append(("releaseVelocity", point(releaseVelocity))) }
      if source != .continuous { pairs.append(("source", string(source.name))) }
      return named("trackpad", pairs)
    case .hold(let at, let duration):
      return named("hold", [("at", point(at)), ("duration", number(duration))])
    case .wait(let duration):
      return object([("wait", number(duration))])
    case .resize(let size, let safeArea, let duration):
      var pairs = [("size", self.size(size)), ("safeArea", insets(safeArea))]
      if duration > 0 { pairs.append(("duration", number(duration))) }
      return named("resize", pairs)
    case .rotate(let duration, let safeArea):
      var pairs = [("duration", number(duration))]
      if let safeArea { pairs.append(("safeArea", insets(safeArea))) }
      return named("rotate", pairs)
    case .scroll(let scroll):
      var pairs: [(String, String)]
      switch scroll.target {
      case .offset(let offset):
        pairs = [("offset", point(offset))]
      case .item(let section, let index, let position):
        pairs = [
          ("section", String(section)), ("item", String(index)),
          ("position", string(position.name)),
        ]
      }
      pairs.append(("animated", scroll.isAnimated ? "true" : "false"))
      return named("scrollTo", pairs)
    case .edit(let edit):
      switch edit {
      case .insert(let section, let index, let items):
        return named(
          "insert", [("section", String(section)), ("at", String(index)), ("items", runs(items))])
      case .delete(let section, let index, let count):
        return named(
          "delete", [("section", String(section)), ("at", String(index)), ("count", String(count))])
      case .resize(let section, let index, let length):
        return named(
          "resizeItem",
          [("section", String(section)), ("index", String(index)), ("length", number(length))])
      case .setHidden(let section, let isHidden):
        return named(
          "setHidden", [("section", String(section)), ("hidden", isHidden ? "true" : "false")])
      case .batchUpdate(let update):
        return named("batchUpdate", batchUpdate(update))
      case .reloadData(let section):
        return named("reloadData", [("section", String(section))])
      case .sizeResolved(let section, let index, let length):
        return named(
          "sizeResolved",
          [("section", String(section)), ("index", String(index)), ("length", number(length))])
      }
    case .marker(let text):
      return object([("marker", string(text))])
    case .keyboard(let change):
      var pairs = [("overlap", number(change.overlap))]
      if !change.isInteractive || change.animationDuration > 0 {
        pairs.append(("duration", number(Double(change.animationDuration) / 1e9)))
      }
      if change.curve != .keyboard { pairs.append(("curve", string(change.curve.name))) }
      if change.isInteractive { pairs.append(("interactive", "true")) }
      return named("keyboard", pairs)
    case .during(let gesture, let meanwhile):
      // The touch step's object, with the steps meanwhile as its last key.
      let inner = self.step(gesture)
      let timed = meanwhile.map {
        object([("after", number($0.after)), ("step", self.step($0.step))])
      }
      guard inner.hasSuffix(" } }") else { return inner }
      return String(inner.dropLast(4)) + ", \"meanwhile\": [" + timed.joined(separator: ", ")
        + "] } }"
    }
  }
}
