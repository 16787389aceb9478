// A fixture, not part of any target: NearMissHookTests type-checks it against the built modules.
// Two engines with the same two mistaken hooks: UIKit's labels for scrollViewWillEndDragging, and
// a misspelt scrollViewDidScroll. Declared on the type, they compile without a word and are never
// called; declared in an extension that states the conformance, each gets a near-miss warning.

import Replay
import TraceIngest

struct Quiet: ScrollEngine {
  var descriptor: EngineDescriptor {
    EngineDescriptor(name: "quiet", version: 1, summary: "", source: "")
  }

  mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {}

  mutating func scrollViewDidScrol(_ scrollView: inout ScrollView) {}
}

struct Warned: ScrollEngine {
  var descriptor: EngineDescriptor {
    EngineDescriptor(name: "warned", version: 1, summary: "", source: "")
  }
}

extension Warned: ScrollViewDelegate {
  mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {}

  mutating func scrollViewDidScrol(_ scrollView: inout ScrollView) {}
}
