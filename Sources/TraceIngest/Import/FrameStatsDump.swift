// scrolltrace — `dumpsys gfxinfo <package> framestats` output, read as it really arrives.

/// The frame-timing blocks of an Android `dumpsys gfxinfo <package> framestats` dump: each
/// window's rows between two `---PROFILEDATA---` lines, with the column names of its header line
/// (Android's "Test UI performance" guide, "Frame timing information"; AOSP
/// `frameworks/base/libs/hwui/FrameInfo.cpp`).
///
/// Read as dumps arrive: UTF-8 with or without a byte-order mark, or UTF-16 with one (a dump saved
/// by a Windows shell); LF, CRLF or CR CR LF line ends; trailing commas; any number of windows,
/// empty blocks among them, and several dumps one after another. A dump the device failed to take
/// (`Failure while dumping the app`), one of Android 5's `Profile data in ms` durations only, and
/// one with no block are refused by name. A malformed row stops the read with its line number, or
/// with `isLenient` is skipped and counted.
public struct FrameStatsDump: Sendable {
  /// One window's rows.
  public struct Window: Sendable, Hashable {
    /// The window's name, from the `Window:` line before its block.
    public var name: String
    /// Its rows, in the order dumped (several blocks of the same window follow each other).
    public var rows: [FrameStatsRow]
  }

  /// The largest dump read, in bytes (a whole system's dump is a few megabytes).
  public static let maximumSize = 64 << 20
  /// The windows, in the order their first block appears.
  public private(set) var windows: [Window] = []
  /// Rows skipped under `isLenient`.
  public private(set) var skippedRows = 0
  /// The first row skipped, with its place.
  public private(set) var firstSkipped: ImportError?
  /// Whether a block's header put `FrameInterval` before `FrameStartTime` (Android 12–14's order,
  /// whose names are swapped: the period was read from the column by its value).
  public private(set) var hasSwappedPeriodNames = false
  /// Rows refused because their `IntendedVsync` is after the dump was taken (its `Uptime:` line):
  /// a frame from the future, not a frame.
  public private(set) var rowsAfterUptime = 0
  /// Times of kept rows refused as impossible: the row stays, without that time.
  ///
  /// A `FrameCompleted` or `DisplayPresentTime` after the dump was taken, or a frame's work longer
  /// than ``FrameStatsRow/longestPlausibleFrame``.
  public private(set) var timesRefused = 0

  /// Reads the dump at `path`.
  ///
  /// - Throws: ``ImportError`` naming the file and line.
  public init(path: String, isLenient: Bool = false) throws {
    try self.init(bytes: Self.read(path), path: path, isLenient: isLenient)
  }

  /// Reads a dump's bytes, as the file at `path` holds them.
  ///
  /// - Throws: ``ImportError`` naming the file and line.
  public init(bytes: [UInt8], path: String, isLenient: Bool = false) throws {
    guard let text = FrameStatsText.decode(bytes) else {
      throw ImportError(
        .malformedLine, "not text: neither UTF-8 nor UTF-16 with a byte-order mark", path: path)
    }
    var block: (window: Int, columns: FrameStatsColumns?)?
    var pendingWindow: String?
    // Each window's place by name: a dump may hold any number of blocks.
    var places: [String: Int] = [:]
    var sawProfileInMilliseconds = false
    // When the dump was taken (its `Uptime:` line, milliseconds since boot on the clock of
    // `System.nanoTime()`), in nanoseconds: no frame of it is later.
    var uptime: Int64?
    for (offset, line) in FrameStatsText.lines(text).enumerated() {
      let number = offset + 1
      if line.contains("Failure while dumping") {
        throw ImportError(
          .failedDump, "the device could not take the dump: \(line.prefix(200))", line: number,
          path: path)
      }
      if line.hasPrefix("---PROFILEDATA---") {
        if block == nil {
          let name = pendingWindow ?? "window \(windows.count + 1)"
          if let index = places[name] {
            block = (index, nil)
          } else {
            places[name] = windows.count
            windows.append(Window(name: name, rows: []))
            block = (windows.count - 1, nil)
          }
        } else {
          block = nil
          pendingWindow = nil
        }
        continue
      }
      guard let current = block else {
        if line.hasPrefix("Window:") {
          pendingWindow = String(line.dropFirst("Window:".count)).trimmingBlanks
        } else if line.hasPrefix("Uptime:") {
          uptime = Self.uptime(line)
        } else if line.hasPrefix("Profile data in ms") {
          sawProfileInMilliseconds = true
        }
        continue
      }
      if line.trimmingBlanks.isEmpty { continue }
      guard let columns = current.columns else {
        block?.columns = try FrameStatsColumns(header: line, line: number, path: path)
        if block?.columns?.periodNamesSwapped == true { hasSwappedPeriodNames = true }
        continue
      }
      do {
        var row = try FrameStatsRow(line, columns: columns)
        if let uptime, row.intendedVsync > uptime {
          rowsAfterUptime += 1
          continue
        }
        timesRefused += row.refuseTimes(after: uptime)
        windows[current.window].rows.append(row)
      } catch {
        let error = ImportError(.malformedLine, error.reason, line: number, path: path)
        guard isLenient else { throw error }
        skippedRows += 1
        if firstSkipped == nil { firstSkipped = error }
      }
    }
    if block != nil, !isLenient {
      throw ImportError(
        .malformedLine,
        "the dump ends inside a ---PROFILEDATA--- block (cut short?); --lenient keeps its rows",
        path: path)
    }
    guard !windows.isEmpty else {
      throw ImportError(
        .unsupportedDump,
        sawProfileInMilliseconds
          ? "the dump holds per-frame durations in milliseconds only (\"Profile data in ms\", Android 5 and earlier, or gfxinfo without framestats): no timestamps place its frames on the recording's clock; take it with `dumpsys gfxinfo PACKAGE framestats` on Android 6 or later"
          : "no ---PROFILEDATA--- block: not `dumpsys gfxinfo PACKAGE framestats` output",
        path: path)
    }
  }

  /// The time an `Uptime: 1413500 Realtime: 1413500` line gives, in nanoseconds; nil when it
  /// holds no number of milliseconds that fits.
  private static func uptime(_ line: Substring) -> Int64? {
    let field = line.dropFirst("Uptime:".count).split(separator: " ").first ?? ""
    guard let milliseconds = TextFields.decimal(Array(field.utf8)[...]), milliseconds > 0 else {
      return nil
    }
    let (nanoseconds, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
    return overflow ? nil : nanoseconds
  }

  /// The file's bytes, at most ``maximumSize``.
  private static func read(_ path: String) throws(ImportError) -> [UInt8] {
    do {
      return try WholeFile.read(path, limit: Int64(maximumSize), what: "framestats dump")
    } catch {
      throw ImportError(
        error.code == .tooLarge ? .outOfRange : .io,
        error.code == .tooLarge
          ? "larger than \(maximumSize >> 20) MiB: not a framestats dump" : error.reason,
        path: path)
    }
  }

}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingBlanks: String {
    let blanks: Set<Character> = [" ", "\t"]
    guard let first = firstIndex(where: { !blanks.contains($0) }),
      let last = lastIndex(where: { !blanks.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
