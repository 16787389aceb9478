// scrolltrace — small, deterministic JSON text for line-oriented output.

/// Builds one JSON object as text with keys in the order given, so that output is byte-identical
/// across runs and machines (numbers use Swift's shortest round-trip form).
struct JSONObject {
  private var text = "{"
  private var isEmpty = true

  /// Adds `key` with a raw JSON value.
  mutating func raw(_ key: String, _ value: String) {
    text += (isEmpty ? "" : ",") + JSONObject.quote(key) + ":" + value
    isEmpty = false
  }

  mutating func add(_ key: String, _ value: String) { raw(key, JSONObject.quote(value)) }
  mutating func add(_ key: String, _ value: Int) { raw(key, String(value)) }
  mutating func add(_ key: String, _ value: Int64) { raw(key, String(value)) }
  mutating func add(_ key: String, _ value: Double) { raw(key, JSONObject.number(value)) }
  mutating func add(_ key: String, _ value: Bool) { raw(key, value ? "true" : "false") }
  mutating func add(_ key: String, _ value: JSONObject) { raw(key, value.rendered) }
  mutating func add(_ key: String, array values: [String]) { raw(key, "[" + values.joined(separator: ",") + "]") }

  /// The object's text.
  var rendered: String { text + "}" }

  /// A number: integers without a fraction ("120"), others in shortest round-trip form.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// A quoted, escaped JSON string.
  static func quote(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
