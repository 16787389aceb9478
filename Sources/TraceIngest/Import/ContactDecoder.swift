// scrolltrace — Linux multitouch events into fingers that land, move and lift.

/// One finger's sample in raw digitizer units, decoded from input events.
package struct RawTouch: Sendable, Hashable {
  /// When, in nanoseconds: the time of the `SYN_REPORT` that closed the frame.
  package var time: Int64
  /// The finger: contacts are numbered 1, 2, 3… in the order they land, never reused in a log.
  package var contact: UInt32
  /// `began`, `moved` or `ended`.
  package var phase: TouchSample.Phase
  /// The x position in raw units; an `ended` sample repeats the last position.
  package var x: Int32
  /// The y position in raw units.
  package var y: Int32

  /// Creates a sample.
  package init(time: Int64, contact: UInt32, phase: TouchSample.Phase, x: Int32, y: Int32) {
    self.time = time
    self.contact = contact
    self.phase = phase
    self.x = x
    self.y = y
  }
}

/// Decodes the kernel's multitouch protocols into ``RawTouch`` samples, one frame (`SYN_REPORT`)
/// at a time.
///
/// The protocols, as Linux `Documentation/input/multi-touch-protocol.rst` describes them:
///
/// - **Protocol B** (slots): `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` ≥ 0 puts a contact
///   in it and −1 lifts it; only changed axes are sent, so a slot keeps its last position, even
///   for the next contact in it. Devices that send tracking ids without ever selecting a slot use
///   slot 0 throughout (the Galaxy S paint logs).
/// - **Protocol A** (anonymous contacts): each contact ends with `SYN_MT_REPORT`; every frame lists
///   every contact, so a contact missing from a frame lifted. Identity is the tracking id when
///   the device sends one, else the contact's place in the frame.
/// - **Single touch**: a device that never sends multitouch axes is one finger at `ABS_X`/`ABS_Y`
///   while `BTN_TOUCH` is down.
///
/// A sample is produced when a finger lands, when its position changed, and when it lifts.
/// `SYN_DROPPED` discards the events up to the next `SYN_REPORT`, as the kernel documentation
/// prescribes, and is counted.
package struct ContactDecoder: Sendable {
  /// The most slots a device may use (kernel drivers use at most 60; ten fingers is the norm).
  package static let maximumSlots = 64

  private struct Slot: Sendable {
    var trackingID: Int32 = -1
    var x: Int32?
    var y: Int32?
    /// The contact now in the slot, once its began sample was produced, and where it was sent last.
    var live: (contact: UInt32, x: Int32, y: Int32)?
    /// A contact replaced in the slot by a new tracking id without a lift in between.
    var replaced: (contact: UInt32, x: Int32, y: Int32)?
  }

  private struct AnonymousContact: Sendable {
    var trackingID: Int32?
    var x: Int32?
    var y: Int32?
  }

  private var slots = [Slot()]
  private var slot = 0
  private var frame: [AnonymousContact] = []
  private var pending = AnonymousContact()
  private var down: [(key: Int64, contact: UInt32, x: Int32, y: Int32)] = []
  private var singleTouch:
    (isDown: Bool, x: Int32?, y: Int32?, live: (contact: UInt32, x: Int32, y: Int32)?) =
      (false, nil, nil, nil)
  private var isDropping = false
  private var nextContact: UInt32 = 1

  /// Whether the device speaks protocol A (it sent `SYN_MT_REPORT`).
  package private(set) var usesProtocolA = false
  /// Whether the device sent any multitouch axis; if not, it is decoded as single touch.
  package private(set) var isMultitouch = false
  /// How many `SYN_DROPPED` events the log holds.
  package private(set) var droppedReports = 0
  /// The number of fingers that landed so far.
  package var contactCount: Int { Int(nextContact - 1) }

  /// Creates a decoder for a device in its initial state (no fingers, slot 0).
  package init() {}

  /// The number of fingers down now.
  package var fingersDown: Int {
    if !isMultitouch { return singleTouch.live == nil ? 0 : 1 }
    if usesProtocolA { return down.count }
    return slots.reduce(0) { $0 + ($1.live == nil ? 0 : 1) }
  }

  /// Feeds one event; at a `SYN_REPORT`, appends the frame's samples to `output`.
  ///
  /// - Throws: ``ImportError`` with code `outOfRange` for a slot beyond ``maximumSlots``.
  package mutating func consume(_ event: EvdevEvent, into output: inout [RawTouch])
    throws(ImportError)
  {
    if isDropping {
      if event.type == EvdevCode.synchronization, event.code == EvdevCode.synReport {
        isDropping = false
      }
      return
    }
    switch (event.type, event.code) {
    case (EvdevCode.synchronization, EvdevCode.synReport):
      endFrame(at: event.time, into: &output)
    case (EvdevCode.synchronization, EvdevCode.synMTReport):
      usesProtocolA = true
      isMultitouch = true
      if pending.x != nil || pending.y != nil || pending.trackingID != nil {
        guard frame.count < Self.maximumSlots else {
          throw ImportError(.outOfRange, "more than \(Self.maximumSlots) contacts in one frame")
        }
        frame.append(pending)
      }
      pending = AnonymousContact()
    case (EvdevCode.synchronization, EvdevCode.synDropped):
      droppedReports += 1
      isDropping = true
      frame.removeAll()
      pending = AnonymousContact()
    case (EvdevCode.key, EvdevCode.buttonTouch):
      singleTouch.isDown = event.value != 0
    case (EvdevCode.absolute, EvdevCode.absX):
      singleTouch.x = event.value
    case (EvdevCode.absolute, EvdevCode.absY):
      singleTouch.y = event.value
    case (EvdevCode.absolute, EvdevCode.mtSlot):
      guard event.value >= 0, event.value < Self.maximumSlots else {
        throw ImportError(
          .outOfRange, "ABS_MT_SLOT \(event.value) is outside 0...\(Self.maximumSlots - 1)")
      }
      slot = Int(event.value)
      while slots.count <= slot { slots.append(Slot()) }
    case (EvdevCode.absolute, EvdevCode.mtTrackingID):
      isMultitouch = true
      pending.trackingID = event.value
      var current = slots[slot]
      if event.value >= 0, let live = current.live, current.trackingID != event.value {
        current.replaced = live
        current.live = nil
      }
      current.trackingID = event.value
      slots[slot] = current
    case (EvdevCode.absolute, EvdevCode.mtPositionX):
      isMultitouch = true
      pending.x = event.value
      slots[slot].x = event.value
    case (EvdevCode.absolute, EvdevCode.mtPositionY):
      isMultitouch = true
      pending.y = event.value
      slots[slot].y = event.value
    default:
      break
    }
  }

  private mutating func endFrame(at time: Int64, into output: inout [RawTouch]) {
    if usesProtocolA {
      endAnonymousFrame(at: time, into: &output)
    } else if isMultitouch {
      endSlotFrame(at: time, into: &output)
    } else {
      endSingleTouchFrame(at: time, into: &output)
    }
  }

  private mutating func newContact() -> UInt32 {
    defer { nextContact &+= 1 }
    return nextContact
  }

  private mutating func endSlotFrame(at time: Int64, into output: inout [RawTouch]) {
    for index in slots.indices {
      var current = slots[index]
      if let old = current.replaced {
        output.append(RawTouch(time: time, contact: old.contact, phase: .ended, x: old.x, y: old.y))
        current.replaced = nil
      }
      update(
        &current.live, isDown: current.trackingID >= 0, x: current.x, y: current.y, at: time,
        into: &output)
      slots[index] = current
    }
  }

  private mutating func endAnonymousFrame(at time: Int64, into output: inout [RawTouch]) {
    if pending.x != nil || pending.y != nil { frame.append(pending) }
    pending = AnonymousContact()
    var next: [(key: Int64, contact: UInt32, x: Int32, y: Int32)] = []
    for (place, contact) in frame.enumerated() {
      guard let x = contact.x, let y = contact.y else { continue }
      if contact.trackingID == -1 { continue }
      // Tracking ids are 32-bit; places are kept apart from them above that range.
      let key = contact.trackingID.map { Int64($0) } ?? (Int64(1) << 40) + Int64(place)
      guard !next.contains(where: { $0.key == key }) else { continue }
      next.append((key, 0, x, y))
    }
    for previous in down where !next.contains(where: { $0.key == previous.key }) {
      output.append(
        RawTouch(time: time, contact: previous.contact, phase: .ended, x: previous.x, y: previous.y)
      )
    }
    for index in next.indices {
      let key = next[index].key
      if let previous = down.first(where: { $0.key == key }) {
        next[index].contact = previous.contact
        if previous.x != next[index].x || previous.y != next[index].y {
          output.append(
            RawTouch(
              time: time, contact: previous.contact, phase: .moved, x: next[index].x,
              y: next[index].y))
        }
      } else {
        let contact = newContact()
        next[index].contact = contact
        output.append(
          RawTouch(time: time, contact: contact, phase: .began, x: next[index].x, y: next[index].y))
      }
    }
    down = next
    frame.removeAll(keepingCapacity: true)
  }

  private mutating func endSingleTouchFrame(at time: Int64, into output: inout [RawTouch]) {
    var live = singleTouch.live
    update(
      &live, isDown: singleTouch.isDown, x: singleTouch.x, y: singleTouch.y, at: time, into: &output
    )
    singleTouch.live = live
  }

  /// One finger's sample for a frame: it lands when down with a known position, moves when its
  /// position changed, lifts at its last position when no longer down.
  private mutating func update(
    _ live: inout (contact: UInt32, x: Int32, y: Int32)?, isDown: Bool, x: Int32?, y: Int32?,
    at time: Int64,
    into output: inout [RawTouch]
  ) {
    if isDown, let x, let y {
      if let current = live {
        if current.x != x || current.y != y {
          output.append(RawTouch(time: time, contact: current.contact, phase: .moved, x: x, y: y))
          live = (current.contact, x, y)
        }
      } else {
        let contact = newContact()
        output.append(RawTouch(time: time, contact: contact, phase: .began, x: x, y: y))
        live = (contact, x, y)
      }
    } else if !isDown, let current = live {
      output.append(
        RawTouch(time: time, contact: current.contact, phase: .ended, x: current.x, y: current.y))
      live = nil
    }
  }
}
