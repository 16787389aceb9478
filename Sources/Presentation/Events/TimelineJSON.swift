// scrolltrace — one frame as one line of JSON (`replay --timeline`; docs/timeline.md).

import Analyze
public import Replay
import TraceCore

extension ReplayFrame {
  /// The frame as one line of JSON: a line of the timeline (docs/timeline.md).
  ///
  /// Lengths are rounded to 1/10000 pt and velocities to 1/1000 pt/s,
  /// so that the last bits of libm functions cannot change the text between machines.
  public var jsonLine: String {
    var object = JSONObject()
    object.add("frame", index)
    object.add("time_ns", time)
    object.add("phase", phase.rawValue)
    object.add("tracking", isTracking)
    object.add("contentOffset", array: Self.pair(contentOffset.x, contentOffset.y, digits: 4))
    object.add("velocity", array: Self.pair(velocity.x, velocity.y, digits: 3))
    object.add("boundsSize", array: Self.pair(boundsSize.width, boundsSize.height, digits: 4))
    object.add("contentSize", array: Self.pair(contentSize.width, contentSize.height, digits: 4))
    object.add("adjustedContentInset", adjustedContentInset.json)
    object.add(
      "inputDisplacement", array: Self.pair(inputDisplacement.x, inputDisplacement.y, digits: 4))
    if !events.isEmpty { object.add("events", array: events.nameList.map(JSONObject.quote)) }
    if let transition {
      var presented = JSONObject()
      presented.raw("progress", JSONObject.number(transition.progress, digits: 6))
      presented.add(
        "boundsSize",
        array: Self.pair(transition.boundsSize.width, transition.boundsSize.height, digits: 4))
      presented.add(
        "contentOffset",
        array: Self.pair(transition.contentOffset.x, transition.contentOffset.y, digits: 4))
      object.add("transition", presented)
    }
    if !markers.isEmpty { object.add("markers", array: markers.map(JSONObject.quote)) }
    object.add("visible", array: engine.visibleItems.map(\.json))
    var pool = JSONObject()
    pool.add("reused", engine.dequeuesReused)
    pool.add("created", engine.dequeuesCreated)
    pool.add("enqueued", engine.enqueues)
    pool.add("live", engine.liveViews)
    pool.add("createdTotal", engine.viewsCreated)
    var sizes = JSONObject()
    for size in engine.poolSizes { sizes.add(size.identifier, size.count) }
    pool.add("queued", sizes)
    object.add("pool", pool)
    if !engine.viewEvents.isEmpty {
      object.add(
        "views",
        array: engine.viewEvents.map {
          "[\($0.view),\(JSONObject.quote($0.identifier)),\(JSONObject.quote($0.kind.rawValue))]"
        })
    }
    if let resting = engine.restingOffset {
      object.add("restingOffset", array: Self.pair(resting.x, resting.y, digits: 4))
    }
    var work = JSONObject()
    work.add("layoutPasses", engine.work.layoutPasses)
    work.add("framesSet", engine.work.framesSet)
    work.add("itemsConfigured", engine.work.itemsConfigured)
    work.add("poolScanSteps", engine.work.poolScanSteps)
    object.add("work", work)
    if !engine.values.isEmpty {
      var values = JSONObject()
      for value in engine.values {
        values.raw(value.name, JSONObject.number(value.value, digits: 6))
      }
      object.add("values", values)
    }
    return object.rendered
  }

  private static func pair(_ a: Double, _ b: Double, digits: Int) -> [String] {
    [JSONObject.number(a, digits: digits), JSONObject.number(b, digits: digits)]
  }
}

extension EngineFrame.VisibleItem {
  /// `[section, index, x, y, width, height]`.
  var json: String {
    "[" + [String(section), String(index)].joined(separator: ",") + ","
      + [frame.minX, frame.minY, frame.size.width, frame.size.height].map {
        JSONObject.number($0, digits: 4)
      }.joined(separator: ",") + "]"
  }
}
