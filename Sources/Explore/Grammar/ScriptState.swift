// scrolltrace — the screen and the scene as a drawn script leaves them, and the steps valid there.

import TraceIngest

/// The viewport and the scene as the steps so far leave them.
///
/// They say where a touch can start and end, and which edits are valid. Each method draws one step and applies it.
struct ScriptState {
  /// The kinds of touch a gesture step may be.
  enum Touch { case drag, fling, tap }

  var viewport: Size
  var safeArea: EdgeInsets
  /// The safe area in portrait and in landscape, as a notched iPhone reports them: the base's
  /// portrait one (top 59, bottom 34 on an iPhone 15 Pro), and in landscape the top inset on both
  /// sides and the home indicator's 21 pt at the bottom (the values Traces/scripts/pager-rotation
  /// records) — not the portrait one turned, which no device reports.
  let portraitSafeArea: EdgeInsets
  let landscapeSafeArea: EdgeInsets
  let screen: Size
  let axis: Axis
  var shape: SceneShape
  /// How far the keyboard covers the scroll view, in points: 0 while it is down.
  var keyboardOverlap = 0.0

  /// The state `base`'s viewport, scene and steps leave.
  init(_ base: GestureScript) {
    screen = base.device.screen
    viewport = base.viewport?.size ?? base.device.screen
    safeArea = base.viewport?.safeArea ?? .zero
    if viewport.width > viewport.height {
      landscapeSafeArea = safeArea
      let side = max(safeArea.left, safeArea.right)
      portraitSafeArea = EdgeInsets(top: side, bottom: safeArea.bottom > 0 ? 34 : 0)
    } else {
      portraitSafeArea = safeArea
      landscapeSafeArea = EdgeInsets(
        left: safeArea.top, bottom: safeArea.bottom > 0 ? min(safeArea.bottom, 21) : 0,
        right: safeArea.top)
    }
    axis = base.scene.axis
    shape = SceneShape(base.scene)
    for step in base.steps { apply(step) }
  }

  /// Follows a step of the base script that changes the viewport or the scene.
  private mutating func apply(_ step: Step) {
    switch step {
    case .rotate(_, let insets):
      viewport = Size(width: viewport.height, height: viewport.width)
      safeArea =
        insets
        ?? EdgeInsets(
          top: safeArea.left, left: safeArea.bottom, bottom: safeArea.right, right: safeArea.top)
    case .resize(let size, let insets, _):
      viewport = size
      safeArea = insets
    case .edit(let edit):
      if isValid(edit) { shape.apply(edit) }
    case .keyboard(let change):
      keyboardOverlap = change.overlap
    case .during(let gesture, let meanwhile):
      apply(gesture)
      for timed in meanwhile { apply(timed.step) }
    default:
      break
    }
  }

  /// Whether an edit of the base script fits the shape (a hand-written script may not).
  private func isValid(_ edit: SceneEdit) -> Bool {
    switch edit {
    case .insert(let section, let index, _):
      shape.sections.indices.contains(section) && index <= shape.sections[section].count
    case .delete(let section, let index, let count):
      shape.sections.indices.contains(section) && index + count <= shape.sections[section].count
    case .resize(let section, let index, _), .sizeResolved(let section, let index, _):
      shape.sections.indices.contains(section) && index < shape.sections[section].count
    case .setHidden(let section, _), .reloadData(let section):
      shape.sections.indices.contains(section)
    case .batchUpdate(let update):
      shape.sections.indices.contains(update.section)
        && (try? update.applied(
          to: Array(repeating: (), count: shape.sections[update.section].count),
          reloaded: { _, _ in () }, inserted: { _ in () })) != nil
    }
  }

  static func along(_ size: Size, _ axis: Axis) -> Double {
    axis == .vertical ? size.height : size.width
  }

  /// A vector of `along` points on the scroll axis and `across` across it.
  private func vector(_ along: Double, _ across: Double) -> Point {
    axis == .vertical ? Point(x: across, y: along) : Point(x: along, y: across)
  }

  /// Whether an edit can be drawn.
  var canEdit: Bool { !shape.insertable.isEmpty || (shape.isContainer && !shape.sections.isEmpty) }

  /// A touch that starts and ends on the screen, moving `travel` points along the axis.
  mutating func gesture(_ touch: Touch, _ draw: inout Draw) -> Step {
    let length = Self.along(viewport, axis)
    let width = axis == .vertical ? viewport.width : viewport.height
    let low = length * 0.08
    let high = length * 0.92
    let across = rounded(draw.between(width * 0.15, width * 0.85), to: 1)
    func start(travel: Double) -> Double {
      rounded(
        travel < 0 ? draw.between(low - travel, high) : draw.between(low, high - travel), to: 1)
    }
    switch touch {
    case .drag:
      let travel = rounded(
        draw.sign() * min(draw.logValue(in: 20...800), (high - low) * 0.95), to: 1)
      let from = start(travel: travel)
      let duration = rounded(draw.value(in: 0.08...0.9), to: 0.01)
      // A drag's profile ends at its release velocity without moving backwards while
      // |velocity| · duration ≤ 3 · |distance| (TouchProfile.drag).
      let fastest = ((2.9 * abs(travel) / duration) / 10).rounded(.down) * 10
      let speed = min(rounded(draw.logValue(in: 100...4000), to: 10), fastest)
      let release =
        draw.chance(0.4) || speed < 50 ? Point.zero : vector((travel < 0 ? -1 : 1) * speed, 0)
      return .drag(
        from: vector(from, across),
        translation: vector(travel, rounded(draw.value(in: -15...15), to: 1)),
        duration: duration, releaseVelocity: release, fingers: 1)
    case .fling:
      let duration = rounded(draw.value(in: 0.05...0.12), to: 0.01)
      var speed = rounded(draw.logValue(in: 200...8000), to: 10)
      // A fling travels speed × duration / 2: it must stay on the screen.
      speed = min(speed, rounded((high - low) * 0.95 * 2 / duration, to: 10))
      let velocity = draw.sign() * speed
      let from = start(travel: velocity * duration / 2)
      return .fling(
        from: vector(from, across),
        velocity: vector(velocity, rounded(draw.value(in: -60...60), to: 10)),
        duration: duration, fingers: 1)
    case .tap:
      return .hold(
        at: vector(rounded(draw.between(low, high), to: 1), across),
        duration: rounded(draw.value(in: 0.04...0.2), to: 0.01))
    }
  }

  /// The device turns a quarter; the safe area is the new orientation's.
  mutating func rotate(_ draw: inout Draw) -> Step {
    let toLandscape = viewport.height > viewport.width
    let step = Step.rotate(
      duration: rounded(draw.value(in: 0.2...0.5), to: 0.05),
      safeArea: toLandscape ? landscapeSafeArea : portraitSafeArea)
    apply(step)
    return step
  }

  /// The window takes another size: split view, a sheet, or the whole screen again.
  mutating func resize(_ draw: inout Draw) -> Step {
    let full =
      viewport.width > viewport.height
      ? Size(width: max(screen.width, screen.height), height: min(screen.width, screen.height))
      : Size(width: min(screen.width, screen.height), height: max(screen.width, screen.height))
    let size: Size
    switch draw.integer(in: 0...3) {
    case 0:
      size = Size(
        width: rounded(full.width * draw.value(in: 0.4...0.7), to: 1), height: full.height)
    case 1:
      size = Size(
        width: full.width, height: rounded(full.height * draw.value(in: 0.5...0.8), to: 1))
    case 2:
      size = Size(
        width: rounded(full.width * 0.5, to: 1), height: rounded(full.height * 0.9, to: 1))
    default: size = full
    }
    let step = Step.resize(
      size: size, safeArea: safeArea,
      duration: draw.chance(0.5) ? 0 : rounded(draw.value(in: 0.2...0.35), to: 0.05))
    apply(step)
    return step
  }

  /// The safe area changes and the size stays.
  mutating func insets(_ draw: inout Draw) -> Step {
    let top = [0.0, 20, 47, 59][draw.integer(in: 0...3)]
    let bottom = [0.0, 21, 34][draw.integer(in: 0...2)]
    let side = viewport.width > viewport.height ? [0.0, 47, 59][draw.integer(in: 0...2)] : 0
    let step = Step.resize(
      size: viewport, safeArea: EdgeInsets(top: top, left: side, bottom: bottom, right: side),
      duration: 0)
    apply(step)
    return step
  }

  /// An edit valid for the scene as it is: insert, delete or resize items, hide or show a child.
  mutating func edit(_ draw: inout Draw) -> Step {
    let populated = shape.populated
    if shape.isContainer, !shape.sections.isEmpty, populated.isEmpty || draw.chance(0.3) {
      let section = draw.integer(in: 0...max(0, shape.sections.count - 1))
      let edit = SceneEdit.setHidden(section: section, isHidden: !shape.sections[section].isHidden)
      shape.apply(edit)
      return .edit(edit)
    }
    let insertable = shape.insertable
    // Content that sizes itself also changes by prepends (a chat loading older messages) and
    // reloads; other scenes draw exactly as before.
    if shape.isSelfSizing, !shape.isContainer, let section = insertable.first, draw.chance(0.4) {
      let edit: SceneEdit
      if draw.chance(0.7) {
        let items = (0..<draw.integer(in: 1...5)).map { offset in
          BatchUpdate.Insertion(
            index: offset,
            item: shape.examples[draw.integer(in: 0...(shape.examples.count - 1))])
        }
        edit = .batchUpdate(
          BatchUpdate(section: section, inserts: items, isAnimated: true, duration: 300_000_000))
      } else {
        edit = .reloadData(section: section)
      }
      shape.apply(edit)
      return .edit(edit)
    }
    let choice =
      populated.isEmpty
      ? 0 : draw.weighted([(0, 0.4), (1, 0.3), (2, shape.isPager ? 0 : 0.3)]) ?? 0
    let edit: SceneEdit
    switch choice {
    case 1:
      let section = populated[draw.integer(in: 0...(populated.count - 1))]
      let count = shape.sections[section].count
      let index = draw.integer(in: 0...(count - 1))
      edit = .delete(
        section: section, index: index, count: draw.integer(in: 1...min(3, count - index)))
    case 2:
      let section = populated[draw.integer(in: 0...(populated.count - 1))]
      let example = shape.examples[draw.integer(in: 0...(shape.examples.count - 1))]
      edit = .resize(
        section: section, index: draw.integer(in: 0...(shape.sections[section].count - 1)),
        length: max(1, rounded(max(example.length, 44) * draw.value(in: 0.4...2.5), to: 1)))
    default:
      let section =
        insertable.isEmpty ? 0 : insertable[draw.integer(in: 0...(insertable.count - 1))]
      let items = (0..<draw.integer(in: 1...3)).map { _ in
        shape.examples[draw.integer(in: 0...(shape.examples.count - 1))]
      }
      edit = .insert(
        section: section, index: draw.integer(in: 0...shape.sections[section].count), items: items)
    }
    shape.apply(edit)
    return .edit(edit)
  }

  /// The app scrolls, to an item at one of `positions` (none: its start) or to the start.
  ///
  /// The item is one of a shown, populated section (a page, a card, a row); the content's start
  /// when there is none. An arbitrary offset is left out: an app that sets one off its pager's grid
  /// or its cards' edges has put the content there itself. The draws are the same whatever the
  /// positions, so that a script differs from the one of all three positions only in the position.
  mutating func scroll(_ draw: inout Draw, positions: [ProgrammaticScroll.ItemPosition]) -> Step {
    let animated = draw.chance(0.6)
    let populated = shape.visible
    if !populated.isEmpty {
      let section = populated[draw.integer(in: 0...(populated.count - 1))]
      let positions = positions.isEmpty ? [.start] : positions
      return .scroll(
        ProgrammaticScroll(
          target: .item(
            section: section, index: draw.integer(in: 0...(shape.sections[section].count - 1)),
            position: positions[draw.integer(in: 0...(positions.count - 1))]),
          isAnimated: animated))
    }
    return .scroll(ProgrammaticScroll(target: .offset(.zero), isAnimated: animated))
  }
}
