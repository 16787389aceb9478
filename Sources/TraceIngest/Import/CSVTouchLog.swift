// scrolltrace — a CSV of touch samples with named columns.

/// A CSV touch log (docs/import.md): a header row naming the columns, then one row per sample.
///
/// | Column | Names | Meaning |
/// |---|---|---|
/// | time | `t_ns`, `t_us`, `t_ms` or `t_s` | the sample's time in the unit the name says |
/// | finger (optional) | `touch_id`, `pointer_id`, `stroke` or `id` | which finger, reusable after it lifts; without the column, one finger |
/// | phase | `phase` | `down`/`began`, `move`/`moved`, `stationary`, `up`/`ended`, `cancel`/`cancelled` |
/// | x, y | `x_raw`+`y_raw`, `x_px`+`y_px`, or `x_pt`+`y_pt` (`x_lp`+`y_lp`) | raw digitizer units (mapped by `--axis-range`), screen pixels (divided by the scale) or points |
/// | recording | `file` or `gesture` (optional) | which recording a row belongs to; `--select` picks one |
///
/// Other columns are ignored. Fields may be double-quoted (RFC 4180); blank lines and lines
/// starting with `#` are skipped.
struct CSVTouchLog {
  private enum Unit { case raw, pixels, points }

  let path: String
  let options: ImportOptions
  private var reader: LineReader
  private var columns: (time: Int, id: Int?, phase: Int, x: Int, y: Int, group: Int?) = (
    0, nil, 0, 0, 0, nil
  )
  private var timeScale: Double = 1
  private var unit = Unit.points
  private var down: [String: UInt32] = [:]
  private var nextContact: UInt32 = 1
  private var lastTime: Int64 = .min
  private var firstGroup: String?
  private var isStarted = false

  /// The fingers down when the log ended.
  var fingersDown: Int { down.count }

  init(path: String, options: ImportOptions) throws(ImportError) {
    self.path = path
    self.options = options
    reader = try LineReader(path: path)
  }

  mutating func read(into sink: inout TouchSink) throws {
    var sawHeader = false
    while let line = try reader.next() {
      let number = reader.lineNumber
      let text = TextFields.trimmed(line)
      if text.isEmpty || text.first == UInt8(ascii: "#") { continue }
      let fields: [String]
      do {
        fields = try Self.fields(of: text)
      } catch {
        guard sawHeader else { throw Self.located(error, line: number, path: path) }
        try sink.skip(error, line: number)
        continue
      }
      guard sawHeader else {
        try readHeader(fields, line: number)
        sawHeader = true
        continue
      }
      do {
        guard let (time, id, phase, location) = try row(fields) else { continue }
        if !isStarted {
          try sink.start(at: time, deviceName: nil, calibration: calibration, line: number)
          isStarted = true
        }
        let contact = try contact(for: id, phase: phase)
        try sink.touch(TouchSample(touchID: contact, phase: phase, location: location), at: time)
      } catch let error as ImportError {
        try sink.skip(error, line: number)
      }
    }
    guard sawHeader else {
      throw ImportError(.noTouches, "the CSV is empty; expected a header row", path: path)
    }
  }

  private static func located(_ error: ImportError, line: Int, path: String) -> ImportError {
    var located = error
    located.line = line
    located.path = path
    return located
  }

  private var calibration: String {
    switch unit {
    case .raw:
      guard let ranges = options.axisRanges, let screen = options.screen else { return "" }
      return "x \(ranges.x) y \(ranges.y) (flags) onto \(screen)"
    case .pixels: return "pixels ÷ \(options.screen?.scale ?? 1)"
    case .points: return "points"
    }
  }

  private mutating func readHeader(_ names: [String], line: Int) throws(ImportError) {
    func column(_ candidates: [String], _ what: String) throws(ImportError) -> Int {
      guard let index = names.firstIndex(where: candidates.contains) else {
        throw ImportError(
          .malformedLine,
          "the header row has no \(what) column; expected one of \(candidates.joined(separator: ", "))",
          line: line, path: path)
      }
      return index
    }
    let time = try column(["t_ns", "t_us", "t_ms", "t_s"], "time")
    timeScale = ["t_ns": 1, "t_us": 1e3, "t_ms": 1e6, "t_s": 1e9][names[time]] ?? 1
    let id = names.firstIndex { ["touch_id", "pointer_id", "stroke", "id"].contains($0) }
    let phase = try column(["phase"], "phase")
    let xNames = ["x_raw", "x_px", "x_pt", "x_lp"]
    let x = try column(xNames, "x")
    let yName = "y" + names[x].dropFirst()
    guard let y = names.firstIndex(of: yName) else {
      throw ImportError(
        .malformedLine, "the header row has \(names[x]) but no \(yName)", line: line, path: path)
    }
    unit = names[x] == "x_raw" ? .raw : names[x] == "x_px" ? .pixels : .points
    if unit == .raw, options.axisRanges == nil {
      throw ImportError(
        .missingAxisRanges, "raw digitizer columns need the touchscreen's axis ranges",
        line: line, path: path)
    }
    let group = names.firstIndex { $0 == "file" || $0 == "gesture" }
    columns = (time, id, phase, x, y, group)
  }

  /// A row's time (ns), finger, phase and location; nil for a row of another recording.
  private mutating func row(_ fields: [String]) throws(ImportError) -> (
    Int64, String, TouchSample.Phase, Point
  )? {
    let needed = max(
      columns.time, columns.id ?? 0, columns.phase, columns.x, columns.y, columns.group ?? 0)
    guard fields.count > needed else {
      throw ImportError(
        .malformedLine, "expected at least \(needed + 1) fields, found \(fields.count)")
    }
    if let group = columns.group {
      let value = fields[group]
      if let selection = options.selection {
        guard value == selection else { return nil }
      } else if let firstGroup, firstGroup != value {
        throw ImportError(
          .severalRecordings, "a second recording `\(value)` after `\(firstGroup)`")
      } else {
        firstGroup = value
      }
    }
    guard let rawTime = Double(fields[columns.time]), rawTime.isFinite,
      abs(rawTime * timeScale) < 9e18
    else {
      throw ImportError(.malformedLine, "expected a time, found `\(fields[columns.time])`")
    }
    let time =
      timeScale == 1
      ? Int64(fields[columns.time]) ?? Int64(rawTime.rounded())
      : Int64((rawTime * timeScale).rounded())
    guard time >= lastTime else {
      throw ImportError(
        .timeWentBackwards, "the time \(fields[columns.time]) is earlier than the row before")
    }
    guard let phase = Self.phases[fields[columns.phase].lowercased()] else {
      throw ImportError(
        .malformedLine,
        "unknown phase `\(fields[columns.phase])`; expected down, move, stationary, up or cancel")
    }
    guard let x = Double(fields[columns.x]), let y = Double(fields[columns.y]), x.isFinite,
      y.isFinite,
      abs(x) < 1e9, abs(y) < 1e9
    else {
      throw ImportError(
        .malformedLine,
        "expected numbers for x and y, found `\(fields[columns.x])`, `\(fields[columns.y])`")
    }
    lastTime = time
    return (time, columns.id.map { fields[$0] } ?? "", phase, location(x: x, y: y))
  }

  private func location(x: Double, y: Double) -> Point {
    switch unit {
    case .points:
      return Point(x: x, y: y)
    case .pixels:
      let scale = options.screen?.scale ?? 1
      return Point(x: x / scale, y: y / scale)
    case .raw:
      guard let ranges = options.axisRanges, let screen = options.screen else {
        return Point(x: x, y: y)
      }
      return DigitizerMapping(x: ranges.x, y: ranges.y, screen: screen).location(x: x, y: y)
    }
  }

  /// The contact number for finger `id` in `phase`, checking the finger's life.
  private mutating func contact(for id: String, phase: TouchSample.Phase) throws(ImportError)
    -> UInt32
  {
    switch phase {
    case .began:
      guard down[id] == nil else {
        throw ImportError(.inconsistentTouch, "finger \(id) lands while it is down")
      }
      guard down.count < ContactDecoder.maximumSlots else {
        throw ImportError(.outOfRange, "more than \(ContactDecoder.maximumSlots) fingers down")
      }
      let contact = nextContact
      nextContact &+= 1
      down[id] = contact
      return contact
    case .moved, .stationary, .ended, .cancelled:
      guard let contact = down[id] else {
        throw ImportError(.inconsistentTouch, "finger \(id) \(phase.name) without landing first")
      }
      if phase == .ended || phase == .cancelled { down[id] = nil }
      return contact
    }
  }

  private static let phases: [String: TouchSample.Phase] = [
    "down": .began, "began": .began, "move": .moved, "moved": .moved, "stationary": .stationary,
    "up": .ended, "ended": .ended, "cancel": .cancelled, "cancelled": .cancelled,
  ]

  /// The fields of one CSV line; double-quoted fields may hold commas and `""` for a quote.
  static func fields(of line: ArraySlice<UInt8>) throws(ImportError) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var index = line.startIndex
    while index < line.endIndex {
      let byte = line[index]
      if inQuotes {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: ",") {
        fields.append(TextFields.string(TextFields.trimmed(field[...])))
        field.removeAll(keepingCapacity: true)
      } else if byte == UInt8(ascii: "\"") && field.allSatisfy({ $0 == UInt8(ascii: " ") }) {
        field.removeAll(keepingCapacity: true)
        inQuotes = true
      } else {
        field.append(byte)
      }
      index += 1
    }
    guard !inQuotes else {
      throw ImportError(.malformedLine, "a quoted field without its closing quote")
    }
    fields.append(TextFields.string(TextFields.trimmed(field[...])))
    return fields
  }
}
