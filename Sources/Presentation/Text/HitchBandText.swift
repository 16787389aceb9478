// scrolltrace — a hitch time ratio's band as the tables and paragraphs say it.

import Analyze

extension Report {
  /// The band of `ratio` (ms/s) in the chosen set, then in each set that judges it otherwise.
  ///
  /// `critical, wwdc20; warning, xcode` in a table, `**critical** by wwdc20; warning by xcode` in
  /// markdown. Apple's sets disagree, and a reader compares with the one their dashboards use.
  static func bandText(ratio: Double, band: HitchBand, bands: String, markdown: Bool) -> String {
    func phrase(_ band: String, _ set: String) -> String {
      markdown ? "\(band) by \(set)" : "\(band), \(set)"
    }
    let others = HitchBands.bandsBySet(of: ratio).filter { $0.name != bands && $0.band != band }
    return
      ([phrase(markdown ? "**\(band.rawValue)**" : band.rawValue, bands)]
      + others.map { phrase($0.band.rawValue, $0.name) }).joined(separator: "; ")
  }
}
