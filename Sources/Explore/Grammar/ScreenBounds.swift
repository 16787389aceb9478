// scrolltrace — whether a script's touches start and end on the screen as its steps leave it.

import TraceIngest

extension GestureScript {
  /// Whether every touch starts and ends within the viewport as the steps before it leave it (a
  /// rotation swaps its sides, a resize sets them): what a person can do, and what a reduced
  /// script must stay (dropping a rotation must not leave a touch off the screen).
  var touchesStayOnScreen: Bool {
    var viewport = self.viewport?.size ?? device.screen
    func inside(_ point: Point) -> Bool {
      point.x >= 0 && point.y >= 0 && point.x <= viewport.width && point.y <= viewport.height
    }
    func check(_ step: Step) -> Bool {
      switch step {
      case .drag(let from, let by, _, _, _):
        return inside(from) && inside(Point(x: from.x + by.x, y: from.y + by.y))
      case .fling(let from, let velocity, let duration, _):
        let travel = Point(x: velocity.x * duration / 2, y: velocity.y * duration / 2)
        return inside(from) && inside(Point(x: from.x + travel.x, y: from.y + travel.y))
      case .hold(let at, _):
        return inside(at)
      case .rotate:
        viewport = Size(width: viewport.height, height: viewport.width)
        return true
      case .resize(let size, _, _):
        viewport = size
        return true
      case .during(let gesture, let meanwhile):
        // The gesture starts on the screen as it was; what happens meanwhile changes it after.
        guard check(gesture) else { return false }
        for timed in meanwhile { _ = check(timed.step) }
        return true
      case .wait, .scroll, .edit, .marker, .keyboard, .trackpad:
        // A trackpad's scroll touches no screen.
        return true
      }
    }
    return steps.allSatisfy(check)
  }
}
