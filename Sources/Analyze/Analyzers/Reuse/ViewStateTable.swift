// scrolltrace — the state of each view the lifecycle checker follows, by view number.

/// A byte of state for each view an engine numbered (0: not followed), read and written without
/// hashing where the numbers are dense.
///
/// Engines number their views in creation order from a start per reuse pool
/// (`ReusePool(strategy:firstView:)`; the nested container starts its pool *n* at *n* × 2³²).
/// So a number is read as a page, its high 32 bits, and a place in the page, its low 32 bits.
/// The first ``maximumPages`` pages written keep a byte per place below ``placesPerPage``; any
/// other number is kept in a dictionary. Looking a view up then costs a few instructions rather
/// than a hash (docs/performance.md, "Views followed without a hash").
///
/// Memory: at most `maximumPages × placesPerPage` bytes (1 MiB), and an entry for each view
/// followed beyond them.
struct ViewStateTable: Sendable, Hashable {
  /// The places of a page kept as bytes.
  static let placesPerPage = 1 << 16
  /// The pages kept as bytes, in the order they were first written.
  static let maximumPages = 16

  private var pageNumbers: [Int] = []
  private var pages: [[UInt8]] = []
  private var others: [Int: UInt8] = [:]

  /// The state of view `view`: 0 when it is not followed.
  subscript(view: Int) -> UInt8 {
    get {
      guard let (page, place) = slot(of: view) else { return others[view] ?? 0 }
      return place < pages[page].count ? pages[page][place] : 0
    }
    set {
      var found = slot(of: view)
      // A page is kept as bytes from its first write, while there is room; a number written to
      // the dictionary never moves, since room, once gone, never comes back.
      if found == nil, newValue != 0, let place = Self.place(of: view),
        pageNumbers.count < Self.maximumPages
      {
        pageNumbers.append(view >> 32)
        pages.append([])
        found = (pages.count - 1, place)
      }
      guard let (page, place) = found else {
        others[view] = newValue == 0 ? nil : newValue
        return
      }
      if place >= pages[page].count {
        guard newValue != 0 else { return }
        pages[page].append(contentsOf: repeatElement(0, count: place + 1 - pages[page].count))
      }
      pages[page][place] = newValue
    }
  }

  /// Where `view` is kept as a byte: its page's index in `pages` and its place; `nil` when it is
  /// kept in `others`.
  @inline(__always)
  private func slot(of view: Int) -> (page: Int, place: Int)? {
    guard let place = Self.place(of: view) else { return nil }
    let number = view >> 32
    // A few pages: a walk is cheaper than a hash.
    for page in pageNumbers.indices where pageNumbers[page] == number { return (page, place) }
    return nil
  }

  /// `view`'s place in its page, when pages keep it.
  @inline(__always)
  private static func place(of view: Int) -> Int? {
    let place = view & 0xFFFF_FFFF
    return place < placesPerPage ? place : nil
  }

  /// Every view followed and its state, however each is kept.
  private var entries: [Int: UInt8] {
    var entries = others
    for (page, number) in pageNumbers.enumerated() {
      for (place, state) in pages[page].enumerated() where state != 0 {
        entries[number << 32 | place] = state
      }
    }
    return entries
  }

  /// Tables that follow the same views in the same states are equal, however each keeps them.
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }

  func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}
