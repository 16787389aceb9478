// scrolltrace — small, deterministic JSON text: keys in the order given, numbers in shortest form.

/// Builds one JSON object as text with keys in the order given, so that output is byte-identical
/// across runs and machines (numbers use Swift's shortest round-trip form): the package's one JSON
/// writer, for reports, timelines and the files a person reads and edits (gesture scripts, spaced).
package struct JSONObject: Sendable {
  private var text: String
  private var isEmpty = true
  private let isSpaced: Bool

  /// An empty object: compact (`{"a":1,"b":2}`), or `spaced` as a person writes it
  /// (`{ "a": 1, "b": 2 }`).
  package init(spaced: Bool = false) {
    isSpaced = spaced
    text = spaced ? "{ " : "{"
  }

  /// The object of `pairs`, keys and raw JSON values in order.
  package init(_ pairs: [(String, String)], spaced: Bool = false) {
    self.init(spaced: spaced)
    for (key, value) in pairs { raw(key, value) }
  }

  /// Adds `key` with a raw JSON value.
  package mutating func raw(_ key: String, _ value: String) {
    text +=
      (isEmpty ? "" : isSpaced ? ", " : ",") + JSONObject.quote(key) + (isSpaced ? ": " : ":")
      + value
    isEmpty = false
  }

  /// Adds a string.
  package mutating func add(_ key: String, _ value: String) { raw(key, JSONObject.quote(value)) }
  /// Adds an integer.
  package mutating func add(_ key: String, _ value: Int) { raw(key, String(value)) }
  /// Adds an integer.
  package mutating func add(_ key: String, _ value: Int64) { raw(key, String(value)) }
  /// Adds a number in shortest round-trip form.
  package mutating func add(_ key: String, _ value: Double) { raw(key, JSONObject.number(value)) }
  /// Adds a number rounded to `digits` decimal places.
  package mutating func add(_ key: String, _ value: Double, digits: Int) {
    raw(key, JSONObject.number(value, digits: digits))
  }
  /// Adds a number, or `null`.
  package mutating func add(_ key: String, _ value: Double?, digits: Int) {
    raw(key, value.map { JSONObject.number($0, digits: digits) } ?? "null")
  }
  /// Adds a Boolean.
  package mutating func add(_ key: String, _ value: Bool) { raw(key, value ? "true" : "false") }
  /// Adds a nested object.
  package mutating func add(_ key: String, _ value: JSONObject) { raw(key, value.rendered) }
  /// Adds an array of raw JSON values.
  package mutating func add(_ key: String, array values: [String]) {
    raw(key, "[" + values.joined(separator: ",") + "]")
  }
  /// Adds an array of objects.
  package mutating func add(_ key: String, objects: [JSONObject]) {
    add(key, array: objects.map(\.rendered))
  }

  /// The object's text.
  package var rendered: String { isSpaced ? (isEmpty ? "{}" : text + " }") : text + "}" }

  /// A number: integers without a fraction ("120"), others in shortest round-trip form.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// `value` rounded to `digits` decimal places, in shortest form ("-0" becomes "0").
  package static func number(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return number(rounded == 0 ? 0 : rounded)
  }

  /// A quoted, escaped JSON string.
  package static func quote(_ string: String) -> String { JSONString.quoted(string) }
}
