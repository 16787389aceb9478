// scrolltrace — content that moved on screen in the report's JSON: offset jumps, content shifts.

import TraceCore

extension OffsetJumpSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("threshold_pt", threshold, digits: 4)
    object.add("count", count)
    object.add("largest_pt", largest, digits: 4)
    object.add("totalDistance_pt", totalDistance, digits: 4)
    object.add("events", objects: jumps.map(\.json))
    object.add("eventsOmitted", jumpsOmitted)
    object.add("resizes", resizes)
    object.add("worstAnchorDrift_pt", worstAnchorDrift, digits: 4)
    object.add("anchorDrifts", objects: anchorDrifts.map(\.json))
    object.add("anchorDriftsOmitted", anchorDriftsOmitted)
    return object
  }
}

extension ContentShiftSummary {
  var json: JSONObject {
    var object = JSONObject()
    object.add("threshold_pt", threshold, digits: 4)
    object.add("count", count)
    object.add("whileTracking", whileTracking)
    object.add("largest_pt", largest, digits: 4)
    object.add("totalDistance_pt", totalDistance, digits: 4)
    object.add(
      "byCause",
      objects: byCause.map { entry in
        var cause = JSONObject()
        cause.add("cause", entry.cause.rawValue)
        cause.add("count", entry.count)
        cause.add("totalDistance_pt", entry.totalDistance, digits: 4)
        return cause
      })
    object.add("events", objects: shifts.map(\.json))
    object.add("eventsOmitted", shiftsOmitted)
    object.add("updatesMidFling", updatesMidFling)
    object.add("largestVelocityLost_pt_per_s", largestVelocityLost, digits: 4)
    object.add("velocityLosses", objects: velocityLosses.map(\.json))
    object.add("velocityLossesOmitted", velocityLossesOmitted)
    object.add("leftBottom", leftBottom)
    object.add("largestBottomGap_pt", largestBottomGap, digits: 4)
    object.add(
      "bottomLeaves",
      objects: bottomLeaves.map { leave in
        var event = JSONObject()
        event.add("frame", leave.frame)
        event.add("time_ns", leave.time)
        event.add("gap_pt", leave.gap, digits: 4)
        event.add("cause", leave.cause.rawValue)
        return event
      })
    return object
  }
}

extension ContentShift {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("size_pt", size, digits: 4)
    object.add("movement_pt", array: JSONObject.pair(movement))
    object.add("cause", cause.rawValue)
    object.add("item", item)
    object.add("whileTracking", whileTracking)
    return object
  }
}

extension FlingVelocityLoss {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("expected_pt_per_s", expected, digits: 4)
    object.add("after_pt_per_s", after, digits: 4)
    object.add("lost_pt_per_s", lost, digits: 4)
    object.add("cause", cause.rawValue)
    return object
  }
}

extension OffsetJump {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("size_pt", size, digits: 4)
    object.add("contentMovement_pt", array: JSONObject.pair(contentMovement))
    object.add("offsetChange_pt", array: JSONObject.pair(offsetChange))
    object.add("cause", cause.rawValue)
    object.raw("anchor", anchor.map { "[\($0.section),\($0.index)]" } ?? "null")
    return object
  }
}

extension AnchorDrift {
  var json: JSONObject {
    var object = JSONObject()
    object.add("frame", frame)
    object.add("time_ns", time)
    object.add("from_pt", array: JSONObject.pair(Point(x: from.width, y: from.height)))
    object.add("to_pt", array: JSONObject.pair(Point(x: to.width, y: to.height)))
    object.add("drift_pt", array: JSONObject.pair(drift))
    object.add("distance_pt", distance, digits: 4)
    object.raw("anchor", anchor.map { "[\($0.section),\($0.index)]" } ?? "null")
    return object
  }
}
