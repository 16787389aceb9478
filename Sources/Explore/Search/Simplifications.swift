// scrolltrace — simpler versions of a step: shorter, rounder, fewer of everything.

import TraceIngest

/// The simpler versions of a script's steps and settings a reducer tries, simplest first: a
/// gesture that stops before it lifts, one finger, shorter waits, numbers rounded to tens of
/// points and tenths of a second, a step meanwhile dropped, one item where there were several.
enum Simplifications {
  /// Simpler versions of `step`, each different from it.
  static func of(_ step: Step) -> [Step] {
    var candidates: [Step] = []
    switch step {
    case .wait(let seconds):
      for simpler in [
        rounded(seconds / 2, to: 0.01), rounded(seconds, to: 0.1), rounded(seconds, to: 0.5),
      ]
      where simpler > 0 && simpler < seconds {
        candidates.append(.wait(duration: simpler))
      }
    case .drag(let from, let by, let duration, let release, let fingers):
      if release != .zero {
        candidates.append(
          .drag(
            from: from, translation: by, duration: duration, releaseVelocity: .zero,
            fingers: fingers))
        candidates.append(
          .drag(
            from: from, translation: by, duration: duration, releaseVelocity: round(release, 100),
            fingers: fingers))
      }
      if fingers != 1 {
        candidates.append(
          .drag(
            from: from, translation: by, duration: duration, releaseVelocity: release, fingers: 1))
      }
      candidates.append(
        .drag(
          from: round(from, 10), translation: by, duration: duration, releaseVelocity: release,
          fingers: fingers))
      candidates.append(
        .drag(
          from: from, translation: round(by, 10), duration: duration, releaseVelocity: release,
          fingers: fingers))
      if let shorter = roundedDuration(duration) {
        candidates.append(
          .drag(
            from: from, translation: by, duration: shorter, releaseVelocity: release,
            fingers: fingers))
      }
    case .trackpad(let by, let duration, let release, let source):
      if release != .zero {
        candidates.append(
          .trackpad(translation: by, duration: duration, releaseVelocity: .zero, source: source))
      }
      if source != .continuous {
        candidates.append(
          .trackpad(
            translation: by, duration: duration, releaseVelocity: release, source: .continuous))
      }
      candidates.append(
        .trackpad(
          translation: round(by, 10), duration: duration, releaseVelocity: release, source: source))
      if let shorter = roundedDuration(duration) {
        candidates.append(
          .trackpad(translation: by, duration: shorter, releaseVelocity: release, source: source))
      }
    case .fling(let from, let velocity, let duration, let fingers):
      if fingers != 1 {
        candidates.append(.fling(from: from, velocity: velocity, duration: duration, fingers: 1))
      }
      candidates.append(
        .fling(from: round(from, 10), velocity: velocity, duration: duration, fingers: fingers))
      candidates.append(
        .fling(from: from, velocity: round(velocity, 100), duration: duration, fingers: fingers))
      if duration != 0.08 {
        candidates.append(.fling(from: from, velocity: velocity, duration: 0.08, fingers: fingers))
      }
    case .hold(let at, let duration):
      candidates.append(.hold(at: round(at, 10), duration: duration))
      if let shorter = roundedDuration(duration) {
        candidates.append(.hold(at: at, duration: shorter))
      }
    case .rotate(let duration, let safeArea):
      if safeArea != nil { candidates.append(.rotate(duration: duration, safeArea: nil)) }
      if duration != 0.3 { candidates.append(.rotate(duration: 0.3, safeArea: safeArea)) }
    case .resize(let size, let safeArea, let duration):
      if duration != 0 { candidates.append(.resize(size: size, safeArea: safeArea, duration: 0)) }
      if safeArea != .zero {
        candidates.append(.resize(size: size, safeArea: .zero, duration: duration))
      }
      let round = Size(width: rounded(size.width, to: 10), height: rounded(size.height, to: 10))
      candidates.append(.resize(size: round, safeArea: safeArea, duration: duration))
    case .scroll(let scroll):
      if scroll.isAnimated {
        candidates.append(.scroll(ProgrammaticScroll(target: scroll.target, isAnimated: false)))
      }
      if case .offset(let offset) = scroll.target {
        candidates.append(
          .scroll(
            ProgrammaticScroll(target: .offset(round(offset, 10)), isAnimated: scroll.isAnimated)))
      }
    case .edit(let edit):
      switch edit {
      case .insert(let section, let index, let items) where items.count > 1:
        candidates.append(.edit(.insert(section: section, index: index, items: [items[0]])))
      case .delete(let section, let index, let count) where count > 1:
        candidates.append(.edit(.delete(section: section, index: index, count: 1)))
      case .resize(let section, let index, let length):
        candidates.append(
          .edit(.resize(section: section, index: index, length: rounded(length, to: 10))))
      case .sizeResolved(let section, let index, let length):
        candidates.append(
          .edit(.sizeResolved(section: section, index: index, length: rounded(length, to: 10))))
      default:
        break
      }
    case .during(let gesture, let meanwhile):
      candidates.append(gesture)
      for simpler in of(gesture) { candidates.append(.during(simpler, meanwhile: meanwhile)) }
      for (index, timed) in meanwhile.enumerated() {
        for after in [rounded(timed.after, to: 0.05), rounded(timed.after, to: 0.1)]
        where after <= gesture.duration {
          var changed = meanwhile
          changed[index].after = after
          candidates.append(.during(gesture, meanwhile: changed))
        }
        for simpler in of(timed.step) {
          var changed = meanwhile
          changed[index].step = simpler
          candidates.append(.during(gesture, meanwhile: changed))
        }
      }
    case .keyboard(var change):
      // The keyboard's own curve and an overlap rounded to tens of points.
      if change.curve != .keyboard {
        var simpler = change
        simpler.curve = .keyboard
        candidates.append(.keyboard(simpler))
      }
      change.overlap = rounded(change.overlap, to: 10)
      candidates.append(.keyboard(change))
    case .marker:
      break
    }
    var unique: [Step] = []
    for candidate in candidates where candidate != step && !unique.contains(candidate) {
      unique.append(candidate)
    }
    return unique
  }

  /// Simpler versions of the script's settings: no jitter, fewer touch samples, no ticks.
  static func of(_ script: GestureScript) -> [GestureScript] {
    var candidates: [GestureScript] = []
    if script.jitter != .none {
      var simpler = script
      simpler.jitter = .none
      simpler.seed = 0
      candidates.append(simpler)
    }
    if script.device.touchRate > 60 {
      var simpler = script
      simpler.device.touchRate = 60
      candidates.append(simpler)
    }
    if script.jitter == .none, script.seed != 0 {
      var simpler = script
      simpler.seed = 0
      candidates.append(simpler)
    }
    if !script.metadata.isEmpty {
      var simpler = script
      simpler.metadata = [:]
      candidates.append(simpler)
    }
    if script.frameTicks {
      var simpler = script
      simpler.frameTicks = false
      candidates.append(simpler)
    }
    return candidates
  }

  /// A duration rounded to a tenth of a second, if that is shorter (and still positive).
  private static func roundedDuration(_ seconds: Double) -> Double? {
    let simpler = max(0.1, rounded(seconds, to: 0.1))
    return simpler < seconds ? simpler : nil
  }

  private static func round(_ point: Point, _ step: Double) -> Point {
    Point(x: rounded(point.x, to: step), y: rounded(point.y, to: step))
  }
}
