// scrolltrace — an item's share of a row, as scripts and dumps name it.

extension SceneItem {
  /// The names of the first divisors, as MagazineLayout names its width modes (`fullWidth`,
  /// `halfWidth`, `thirdWidth`, `fourthWidth`, `fifthWidth`).
  private static let widthNames = ["full", "half", "third", "fourth", "fifth"]

  /// The item's width as a script writes it: `full`, `half`, `third`, `fourth`, `fifth`, or `1/N`
  /// for a smaller share (MagazineLayout's `fractionalWidth(divisor:)`).
  public var widthName: String {
    Self.widthNames.indices.contains(widthDivisor - 1)
      ? Self.widthNames[widthDivisor - 1] : "1/\(widthDivisor)"
  }

  /// The divisor a width's name stands for (``widthName``), or nil for a name that is none or a
  /// divisor beyond ``maximumWidthDivisor``.
  public static func widthDivisor(named name: String) -> Int? {
    if let index = widthNames.firstIndex(of: name) { return index + 1 }
    guard name.hasPrefix("1/"), let divisor = Int(name.dropFirst(2)),
      (1...maximumWidthDivisor).contains(divisor)
    else { return nil }
    return divisor
  }
}
