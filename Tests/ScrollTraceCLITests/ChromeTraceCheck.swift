// A strict check of Chrome Trace Event JSON as scrolltrace writes it (Google's "Trace Event Format"
// document).

import Foundation

/// Checks every event of an array-format Chrome trace, one event per line: the fields each phase
/// requires with their types and units, the four metadata names Perfetto accepts, numeric counter
/// series, instant scopes, and strict nesting of `X` slices on each pid/tid — with timestamps read
/// as Perfetto reads them: `ts` and `dur` parsed as doubles, then rounded to whole nanoseconds
/// (`json_trace_tokenizer.cc`, `CoerceToTs`), so a value a double cannot hold exactly nests as
/// Perfetto sees it, not as its decimals say.
enum ChromeTraceCheck {
  struct Slice {
    var start: Int64
    var end: Int64
    var name: String
  }

  /// The problems found, at most 20; empty when the file passes.
  ///
  /// `counts` gets the events per phase.
  static func problems(in text: String, counts: inout [String: Int]) -> [String] {
    var problems: [String] = []
    func problem(_ line: Int, _ message: String) {
      if problems.count < 20 { problems.append("line \(line): \(message)") }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == "[" else {
      return ["the file does not start with `[` on a line of its own"]
    }
    guard lines.dropLast().last == "]", lines.last == "" else {
      return ["the file does not end with `]` and a newline"]
    }
    // The whole file is strict JSON.
    guard (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [Any] else {
      return ["the file is not a JSON array"]
    }
    var slices: [String: [Slice]] = [:]
    for (offset, raw) in lines.enumerated().dropFirst().dropLast(2) {
      let number = offset + 1
      var line = raw
      if offset < lines.count - 3 {
        guard line.hasSuffix(",") else {
          problem(number, "an event line must end with `,`")
          continue
        }
        line.removeLast()
      }
      guard let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      else {
        problem(number, "not one JSON object on one line")
        continue
      }
      guard let ph = event["ph"] as? String, ph.count == 1 else {
        problem(number, "no one-character `ph`")
        continue
      }
      counts[ph, default: 0] += 1
      guard event["name"] is String else {
        problem(number, "no string `name`")
        continue
      }
      guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int, pid > 0, tid >= 0 else {
        problem(number, "`pid` and `tid` must be integers")
        continue
      }
      // Timestamps are microseconds from integer nanoseconds (at most three decimals), read as
      // Perfetto reads them: a double, times 1000, rounded to nanoseconds.
      func microseconds(_ key: String) -> Int64? {
        guard let range = line.range(of: "\"\(key)\":") else { return nil }
        let rest = line[range.upperBound...]
        let token = rest.prefix { "-0123456789.".contains($0) }
        guard !token.isEmpty, let value = Double(String(token)) else { return nil }
        if let dot = token.firstIndex(of: "."), token[token.index(after: dot)...].count > 3 {
          return nil
        }
        return Int64(exactly: (value * 1000).rounded())
      }
      switch ph {
      case "M":
        let name = event["name"] as? String ?? ""
        let args = event["args"] as? [String: Any] ?? [:]
        switch name {
        case "process_name", "thread_name":
          if !(args["name"] is String) { problem(number, "\(name) needs args.name") }
        case "process_sort_index", "thread_sort_index":
          if !(args["sort_index"] is Int) {
            problem(number, "\(name) needs an integer args.sort_index")
          }
        default:
          problem(number, "metadata `\(name)` is not one of the four Perfetto accepts")
        }
      case "X":
        guard event["cat"] is String, let ts = microseconds("ts"), let dur = microseconds("dur"),
          dur >= 0
        else {
          problem(
            number,
            "an X event needs `cat`, `ts` and a non-negative `dur` in µs with at most 3 decimals")
          continue
        }
        slices["\(pid)/\(tid)", default: []].append(
          Slice(start: ts, end: ts + dur, name: event["name"] as? String ?? ""))
      case "C":
        guard microseconds("ts") != nil, let args = event["args"] as? [String: Any], !args.isEmpty,
          // Foundation reads JSON booleans as NSNumber too; the text tells them apart.
          args.values.allSatisfy({ $0 is NSNumber }), !line.contains(":true"),
          !line.contains(":false")
        else {
          problem(number, "a counter needs `ts` and at least one numeric arg, all numeric")
          continue
        }
      case "i":
        guard microseconds("ts") != nil, let scope = event["s"] as? String,
          ["g", "p", "t"].contains(scope)
        else {
          problem(number, "an instant needs `ts` and a scope `s` of g, p or t")
          continue
        }
      default:
        problem(number, "phase `\(ph)` is not one scrolltrace writes")
      }
    }
    // Strict nesting: sorted by start (longer first on ties), each slice ends within the one it starts in.
    for (track, list) in slices.sorted(by: { $0.key < $1.key }) {
      var stack: [Slice] = []
      for slice in list.sorted(by: { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end })
      {
        while let top = stack.last, slice.start >= top.end,
          !(slice.start == top.start && slice.end <= top.end)
        {
          stack.removeLast()
        }
        if let top = stack.last, slice.end > top.end {
          if problems.count < 20 {
            problems.append(
              "track \(track): `\(slice.name)` [\(slice.start), \(slice.end)] overlaps `\(top.name)` [\(top.start), \(top.end)]"
            )
          }
        }
        stack.append(slice)
      }
    }
    return problems
  }
}
