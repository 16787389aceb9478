// scrolltrace — what a chat app does to its list between and during gestures.

import TraceIngest

extension ScriptState {
  /// Whether the scene is one list the app can append messages to (not a pager or a container).
  var canMessage: Bool {
    !shape.isContainer && !shape.isPager && shape.sections.count == 1
  }

  /// What a chat app does to its list, as it does it: a message arrives at the end (most often),
  /// the last message is edited or a streamed reply lands in it, so that it comes back taller or
  /// shorter (`reloadItems`, laid out at the height it had until it sizes itself), or the app
  /// jumps to the newest message.
  ///
  /// The items appended are the scene's own, so they size themselves as its others do.
  mutating func message(_ draw: inout Draw) -> Step {
    let items = shape.sections[0].items
    let choice = items.isEmpty ? 0 : draw.weighted([(0, 0.5), (1, 0.3), (2, 0.2)]) ?? 0
    switch choice {
    case 1:
      // The last message is on screen when an app edits it: the layout has it at its length.
      let last = items[items.count - 1]
      let was = last.length
      let length = max(20, rounded(was * draw.value(in: 0.3...1.7), to: 1))
      let edit = SceneEdit.batchUpdate(
        BatchUpdate(
          reloads: [
            .init(
              index: items.count - 1,
              item: SceneItem(
                length: length, reuseIdentifier: last.reuseIdentifier, estimatedLength: was))
          ], isAnimated: true, duration: 300_000_000))
      shape.apply(edit)
      return .edit(edit)
    case 2:
      return .scroll(
        ProgrammaticScroll(
          target: .item(section: 0, index: items.count - 1, position: .end),
          isAnimated: draw.chance(0.5)))
    default:
      let arriving = (0..<(draw.chance(0.8) ? 1 : 2)).map { offset in
        BatchUpdate.Insertion(
          index: items.count + offset,
          item: shape.examples[draw.integer(in: 0...(shape.examples.count - 1))])
      }
      let edit = SceneEdit.batchUpdate(
        BatchUpdate(inserts: arriving, isAnimated: true, duration: 300_000_000))
      shape.apply(edit)
      return .edit(edit)
    }
  }

  /// The keyboard as a chat's user moves it: down, it rises to a height an iPhone's keyboards
  /// have (260 to 360 points over the scroll view, input bar and home indicator included), over
  /// the system's 0.25 s on its own curve; up, it goes down again, animated or (a third of the
  /// time) following the finger as an interactive dismissal does.
  mutating func keyboard(_ draw: inout Draw) -> Step {
    let change: KeyboardChange
    if keyboardOverlap > 0 {
      let interactive = draw.chance(1.0 / 3)
      change = KeyboardChange(
        overlap: 0, animationDuration: interactive ? 0 : 250_000_000, isInteractive: interactive)
    } else {
      change = KeyboardChange(
        overlap: rounded(draw.value(in: 260...360), to: 1), animationDuration: 250_000_000)
    }
    keyboardOverlap = change.overlap
    return .keyboard(change)
  }
}
