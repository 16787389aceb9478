// scrolltrace — writing a trace to an output file: whole, or nothing left behind.

import TraceIngest

extension OutputFile {
  /// Runs `write` with the path to write (``writePath``), then commits the file; on any error
  /// discards it and rethrows.
  ///
  /// A `TraceFormatError` of the writer's names the temporary file or
  /// no file; it is rethrown naming ``path``, the file the user named.
  ///
  /// (An input's error keeps
  /// its input's name.)
  func writeTrace<Result>(_ write: (_ path: String) throws -> Result) throws -> Result {
    do {
      let result = try write(writePath)
      try commit()
      return result
    } catch var error as TraceFormatError {
      discard()
      if error.path == nil || error.path == writePath { error.path = path }
      throw error
    } catch {
      discard()
      throw error
    }
  }
}
