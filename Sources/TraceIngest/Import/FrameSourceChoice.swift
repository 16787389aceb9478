// scrolltrace — which window or display of a frame record to import, and its times moved.

/// The choices every frame-record importer makes the same way: which of the record's sources of
/// frames to import (a window of a framestats dump, a display of an Instruments recording), and
/// each time moved onto the trace's clock.
enum FrameSourceChoice {
  /// The place among `candidates` of the source `name` names — its whole name, else a part of it,
  /// in any case — or, without a name, of the only one with frames.
  ///
  /// - Parameters:
  ///   - name: the name asked for (`--window`, `--display`), or `nil`.
  ///   - candidates: every source, with its number of frames, in the order to list them.
  ///   - kind: what a source is called in messages (`window`, `display`).
  ///   - path: the record's file, for errors.
  /// - Returns: the chosen source's index in `candidates`.
  /// - Throws: ``ImportError`` (`unmatchedFrames`) when no source or several match, or the one
  ///   named has no frames; the message lists them (at most ten, then how many more).
  static func choose(
    _ name: String?, among candidates: [(name: String, frames: Int)], kind: String, path: String
  ) throws(ImportError) -> Int {
    let indexed = candidates.indices.map {
      (index: $0, name: candidates[$0].name, frames: candidates[$0].frames)
    }
    func list(_ sources: [(index: Int, name: String, frames: Int)]) -> String {
      MessageText.list(sources.map { "\($0.name) (\($0.frames) frames)" }, separator: "; ")
    }
    if let name {
      let wanted = name.lowercased()
      let exact = indexed.filter { $0.name.lowercased() == wanted }
      let matches = exact.isEmpty ? indexed.filter { $0.name.lowercased().contains(wanted) } : exact
      guard matches.count == 1, let source = matches.first else {
        throw ImportError(
          .unmatchedFrames,
          matches.isEmpty
            ? "no \(kind) is named like '\(name)': \(list(indexed))"
            : "'\(name)' names several \(kind)s: \(list(matches))", path: path)
      }
      guard source.frames > 0 else {
        throw ImportError(.unmatchedFrames, "\(kind) '\(source.name)' has no frames", path: path)
      }
      return source.index
    }
    let withFrames = indexed.filter { $0.frames > 0 }
    guard withFrames.count == 1, let source = withFrames.first else {
      throw ImportError(
        .unmatchedFrames,
        withFrames.isEmpty
          ? "no \(kind) has frames: \(list(indexed))"
          : "several \(kind)s have frames; choose one: \(list(indexed))", path: path)
    }
    return source.index
  }

  /// `time` moved by `offset` nanoseconds, checked: still a time of 0 or more.
  ///
  /// - Throws: ``ImportError`` (`outOfRange`) when it would leave the clock.
  static func moved(_ time: Int64, by offset: Int64, path: String) throws(ImportError) -> Int64 {
    let (moved, overflow) = time.addingReportingOverflow(offset)
    guard !overflow, moved >= 0 else {
      throw ImportError(
        .outOfRange, "the time \(time) ns moved by \(offset) ns leaves the clock", path: path)
    }
    return moved
  }
}
