// scrolltrace — the container's layout pass: OLEContainerScrollView's layoutSubviews
// (ole/OLEContainerScrollView @ bba54228), and the rows each child list shows.

import TraceFormat

// MARK: - Layout

extension NestedContainerEngine {
  /// The rows of list `index` that intersect `lower..<upper` (child content coordinates, points): a binary
  /// search for the first, then a walk to the last.
  ///
  /// O(log n + rows shown). A plain view has no rows.
  func rows(of index: Int, from lower: Double, to upper: Double) -> Range<Int> {
    // `lower < upper` is false for NaN too: non-finite geometry (hostile input) shows no rows.
    guard lower < upper else { return 0..<0 }
    let starts = rowStarts[index]
    let ends = rowEnds[index]
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] <= lower { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < starts.count, starts[end] < upper { end += 1 }
    return low..<end
  }
}

extension NestedContainerEngine {
  /// A container scene's children and spacing (none for other kinds, which the engine refuses).
  static func children(of scene: SceneContent) -> (spacing: Double, children: [ContainerChild]) {
    if case .container(let spacing, let children) = scene.scene.layout {
      return (spacing, children)
    }
    return (0, [])
  }

  /// The content height the container gives itself (OLE's `Y`, at least the minimum).
  func contentHeight(
    _ children: [ContainerChild], spacing: Double, geometry: ScrollGeometry
  ) -> Double {
    var y = 0.0
    var previousVisible = false
    for (index, child) in children.enumerated() {
      if child.isHidden { continue }
      if version != 2, previousVisible { y += spacing }
      y += Self.reservedLength(of: child, listLength: nil)
      if version == 2, index < children.count - 1 { y += spacing }
      previousVisible = true
    }
    let inset = version == 3 ? geometry.adjustedContentInset : geometry.contentInset
    let minimum = version == 1 ? 0 : geometry.boundsSize.height - (inset.top + inset.bottom)
    return max(y, minimum)
  }

  /// A child's reserved length: a view's length, or a list's rows (`listLength` if already summed)
  /// plus its inset.
  private static func reservedLength(of child: ContainerChild, listLength: Double?) -> Double {
    switch child.content {
    case .view(let length): length
    case .list(let items, let inset):
      (listLength ?? items.reduce(0) { $0 + $1.length }) + inset.top + inset.bottom
    }
  }

  /// One layout pass: child frames and offsets, then the rows each child list shows.
  mutating func layout(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    let geometry = scrollView.geometry
    let width = geometry.boundsSize.width
    // Nothing moves.
    if version == 1 && laidOutWidth == width && frames.count == children.count { return }
    laidOutWidth = width
    let y = scrollView.contentOffset.y
    let height = geometry.boundsSize.height
    // Every child's frame and offset is written below: the arrays are reused, not rebuilt, when
    // the children are the same in number (every scroll's pass).
    if frames.count != children.count {
      frames = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: children.count)
      childOffsets = Array(repeating: 0, count: children.count)
    }
    var position = 0.0
    var previousVisible = false
    for (index, child) in children.enumerated() {
      if child.isHidden {
        frames[index] = Rect(x: 0, y: position, width: width, height: 0)
        childOffsets[index] = 0
        work.framesSet += 1
        show(rows: nil, of: index)
        continue
      }
      if version != 2, previousVisible { position += spacing }
      previousVisible = true
      switch child.content {
      case .view(let length):
        frames[index] = Rect(x: 0, y: position, width: width, height: length)
        childOffsets[index] = 0
        work.framesSet += 1
      case .list(_, let inset):
        let content = listLengths[index]
        let frame: Rect
        let offset: Double
        switch version {
        case 1:
          offset = -inset.top
          frame = Rect(x: 0, y: position, width: width, height: content + inset.top + inset.bottom)
        case 2:
          offset = y < position ? 0 : y - position
          let top = y < position ? position : y
          frame = Rect(
            x: 0, y: top, width: width,
            height: min(max(y + height - top, 0), max(content - offset, 0)))
        default:
          offset = (y < position ? 0 : y - position) - inset.top
          let top = y < position ? position : y
          frame = Rect(
            x: 0, y: top, width: width,
            height: min(max(y + height - top, 0), max(content + inset.bottom - offset, 0)))
        }
        frames[index] = frame
        childOffsets[index] = offset
        work.framesSet += 1
        show(rows: (offset, offset + frame.size.height), of: index)
      }
      position += Self.reservedLength(of: child, listLength: listLengths[index])
      if version == 2, index < children.count - 1 { position += spacing }
    }
    let inset = version == 3 ? geometry.adjustedContentInset : geometry.contentInset
    let minimum = version == 1 ? 0 : height - (inset.top + inset.bottom)
    scrollView.setContentSize(Size(width: width, height: max(position, minimum)))
  }

  /// Gives views to the rows of list `index` inside `range` (child content coordinates, points) and
  /// takes them back from the others; `nil` shows none.
  ///
  /// Version 1 shows every row.
  private mutating func show(rows range: (lower: Double, upper: Double)?, of index: Int) {
    guard case .list(let items, _) = children[index].content else { return }
    var wanted: Range<Int> = 0..<0
    if version == 1, range != nil {
      wanted = 0..<rowStarts[index].count
    } else if let range {
      wanted = rows(of: index, from: range.lower, to: range.upper)
    }
    rowViewsInUse -= shownRows[index].count
    shownRows[index].show(
      wanted,
      enqueue: { pools[index].enqueue($0) },
      dequeue: { row in
        let view = pools[index].dequeue(items[row].reuseIdentifier).view
        pools[index].configure(view)
        return view
      })
    rowViewsInUse += wanted.count
    work.framesSet += wanted.count  // Each row shown gets its frame set.
  }
}
