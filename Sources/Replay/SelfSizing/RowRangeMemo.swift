// scrolltrace — which items an interval of a self-sizing column holds, remembered while it stays.

/// The items of the rows of a ``SelfSizingColumn`` that intersect an interval
/// (``SelfSizingColumn/indexes(intersecting:_:)``), remembered with how far each end of the
/// interval may move while the answer provably stays.
///
/// A scroll asks every frame where the viewport is, and the answer changes only when an end of the
/// viewport crosses the edge of a row: a few frames in ten. Each end's interval stops short of the
/// rows' edges by a millionth of the largest figure involved (at least a millionth of a point),
/// far above the rounding of the column's sums, so an answer from memory is the one the column
/// would give.
struct RowRangeMemo: Sendable {
  /// The answer remembered, the column's generation it holds for, and where `lower` and `upper`
  /// may lie for it to hold.
  private var generation = -1
  private var lowers = (minimum: Double.nan, maximum: Double.nan)
  private var uppers = (minimum: Double.nan, maximum: Double.nan)
  private var items = 0..<0

  /// A memo of nothing yet.
  init() {}

  /// `column.indexes(intersecting: lower, upper)`, from memory when `column` has not changed and
  /// neither end crossed a row's edge since the answer was found.
  mutating func indexes(
    in column: SelfSizingColumn, intersecting lower: Double, _ upper: Double
  ) -> Range<Int> {
    // Comparisons with NaN are false: a memo of nothing, or of bounds that could not be found,
    // answers nothing.
    if generation == column.generation, upper > lower, lower >= lowers.minimum,
      lower <= lowers.maximum, upper >= uppers.minimum, upper <= uppers.maximum
    {
      return items
    }
    let rows = column.rows(intersecting: lower, upper)
    items = column.items(ofRows: rows)
    generation = column.generation
    remember(rows, of: column, for: lower, upper)
    return items
  }

  /// Remembers where the ends of the interval may lie for `rows`, found for `lower..<upper`, to
  /// stay the answer.
  ///
  /// `lower` lies within the first row (at or after the end of the row before it), `upper` past
  /// the start of the last row and at or before the start of the row after it — each a margin
  /// inside. Nothing is remembered for an answer of no rows.
  private mutating func remember(
    _ rows: Range<Int>, of column: SelfSizingColumn, for lower: Double, _ upper: Double
  ) {
    let sums = column.lengths
    let total = sums.total
    let margin = 1e-6 * max(1, abs(lower), abs(upper), abs(total))
    guard !rows.isEmpty, margin.isFinite else {
      lowers = (.nan, .nan)
      uppers = (.nan, .nan)
      return
    }
    let first = rows.lowerBound
    let end = rows.upperBound
    lowers = (
      first == 0 ? -.infinity : sums.sum(before: first) + margin,
      sums.sum(through: first) - margin
    )
    uppers = (
      sums.sum(before: end - 1) + margin,
      end == sums.count ? .infinity : sums.sum(before: end) - margin
    )
  }
}
