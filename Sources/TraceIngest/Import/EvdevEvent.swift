// scrolltrace — one Linux input event, as getevent and evemu print them.

/// One Linux `input_event`: a timestamp, a type, a code and a value.
///
/// Codes are those of the kernel's `include/uapi/linux/input-event-codes.h` (torvalds/linux commit
/// 01125b2d).
package struct EvdevEvent: Sendable, Hashable {
  /// The kernel's timestamp, in nanoseconds (getevent and evemu print microseconds).
  package var time: Int64
  /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`…).
  package var type: UInt16
  /// The event code within the type (`ABS_MT_POSITION_X`…).
  package var code: UInt16
  /// The value; getevent prints it as 32-bit hex, so a tracking id of `ffffffff` is −1.
  package var value: Int32

  /// Creates an event.
  package init(time: Int64, type: UInt16, code: UInt16, value: Int32) {
    self.time = time
    self.type = type
    self.code = code
    self.value = value
  }
}

/// The event types and codes a touchscreen uses, with the names getevent `-l` prints.
package enum EvdevCode {
  /// `EV_SYN`: frame markers.
  package static let synchronization: UInt16 = 0x00
  /// `EV_KEY`: buttons, among them `BTN_TOUCH`.
  package static let key: UInt16 = 0x01
  /// `EV_ABS`: absolute axes.
  package static let absolute: UInt16 = 0x03

  /// `SYN_REPORT`: the end of a frame.
  package static let synReport: UInt16 = 0
  /// `SYN_MT_REPORT`: the end of one contact in multitouch protocol A.
  package static let synMTReport: UInt16 = 2
  /// `SYN_DROPPED`: the kernel's buffer overran and events were lost.
  package static let synDropped: UInt16 = 3
  /// `BTN_TOUCH`: some finger is down.
  package static let buttonTouch: UInt16 = 0x14a
  /// `ABS_X`: single-touch position, x.
  package static let absX: UInt16 = 0x00
  /// `ABS_Y`: single-touch position, y.
  package static let absY: UInt16 = 0x01
  /// `ABS_MT_SLOT`: the slot the following events are for (protocol B).
  package static let mtSlot: UInt16 = 0x2f
  /// `ABS_MT_POSITION_X`: a contact's x.
  package static let mtPositionX: UInt16 = 0x35
  /// `ABS_MT_POSITION_Y`: a contact's y.
  package static let mtPositionY: UInt16 = 0x36
  /// `ABS_MT_TRACKING_ID`: a contact's identity; −1 lifts the slot's contact.
  package static let mtTrackingID: UInt16 = 0x39

  /// The type names getevent `-l` prints, for the types a touchscreen uses.
  static let typeNames: [String: UInt16] = [
    "EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
    "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15, "EV_PWR": 0x16,
  ]

  /// The code names getevent `-l` prints, per type, for the codes the importer reads or passes by.
  static let codeNames: [UInt16: [String: UInt16]] = [
    0x00: ["SYN_REPORT": 0, "SYN_CONFIG": 1, "SYN_MT_REPORT": 2, "SYN_DROPPED": 3],
    0x01: [
      "BTN_TOUCH": 0x14a, "BTN_TOOL_FINGER": 0x145, "BTN_TOOL_PEN": 0x140,
      "BTN_TOOL_DOUBLETAP": 0x14d,
      "BTN_TOOL_TRIPLETAP": 0x14e, "BTN_TOOL_QUADTAP": 0x14f, "BTN_TOOL_QUINTTAP": 0x148,
    ],
    0x03: [
      "ABS_X": 0x00, "ABS_Y": 0x01, "ABS_PRESSURE": 0x18, "ABS_MT_SLOT": 0x2f,
      "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_TOUCH_MINOR": 0x31, "ABS_MT_WIDTH_MAJOR": 0x32,
      "ABS_MT_WIDTH_MINOR": 0x33, "ABS_MT_ORIENTATION": 0x34, "ABS_MT_POSITION_X": 0x35,
      "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TOOL_TYPE": 0x37, "ABS_MT_BLOB_ID": 0x38,
      "ABS_MT_TRACKING_ID": 0x39, "ABS_MT_PRESSURE": 0x3a, "ABS_MT_DISTANCE": 0x3b,
    ],
  ]

  /// The value names getevent `-l` prints instead of hex for keys.
  static let keyValueNames: [String: Int32] = ["UP": 0, "DOWN": 1, "REPEAT": 2]
}
