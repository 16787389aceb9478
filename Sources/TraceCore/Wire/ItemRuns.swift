// scrolltrace — which form a list's item runs take in a file, and the codes that announce it.

/// How a list's items are stored: the oldest form that holds them, so that a file without 1.4's
/// or 1.6's content reads byte for byte as an older writer made it, and an older reader refuses
/// what it cannot model by an unknown code rather than misreading it.
enum ItemRuns: Sendable, Hashable {
  /// Count, length and reuse identifier per run (format 1.0).
  case plain
  /// And flags with an estimate (format 1.4).
  case sized
  /// And a width divisor (format 1.6).
  case rows

  /// The form `items` need.
  init(_ items: [SceneItem]) {
    if items.contains(where: \.sharesRow) {
      self = .rows
    } else if items.contains(where: \.isSelfSizing) {
      self = .sized
    } else {
      self = .plain
    }
  }

  /// The flag bits a run of this form uses: bit 0 an estimate, bit 1 (1.6) a width divisor.
  var knownFlags: UInt8 { self == .rows ? 0b11 : 0b01 }

  /// The scene layout code of a list of this form: 1, 3 (1.4) or 4 (1.6).
  var listLayout: UInt8 {
    switch self {
    case .plain: 1
    case .sized: 3
    case .rows: 4
    }
  }

  /// The container child kind of a list of this form: 1, 2 (1.4) or 3 (1.6).
  var childKind: UInt8 {
    switch self {
    case .plain: 1
    case .sized: 2
    case .rows: 3
    }
  }

  /// The edit operation of an insert of this form: 0, 6 (1.4) or 7 (1.6).
  var insertOperation: UInt8 {
    switch self {
    case .plain: 0
    case .sized: 6
    case .rows: 7
    }
  }
}
