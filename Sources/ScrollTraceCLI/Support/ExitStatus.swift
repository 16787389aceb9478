// scrolltrace — the exit statuses of every verb.

/// The exit codes every verb uses.
enum ExitStatus {
  /// Success.
  static let success: Int32 = 0
  /// Findings: data lost while recovering, a broken budget.
  static let findings: Int32 = 1
  /// A usage or input error.
  static let inputError: Int32 = 2
}
