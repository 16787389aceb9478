// scrolltrace — the container's layout pass: OLEContainerScrollView's layoutSubviews
// (ole/OLEContainerScrollView @ bba54228), and the rows each child list shows.

import TraceCore

extension NestedContainerEngine {
  /// A child as the layout pass and the report read it: what it is, without a list's items.
  enum ChildShape {
    case hidden(isList: Bool)
    case view(length: Double)
    case list(inset: EdgeInsets)

    init(_ child: ContainerChild) {
      if child.isHidden {
        if case .list = child.content {
          self = .hidden(isList: true)
        } else {
          self = .hidden(isList: false)
        }
        return
      }
      switch child.content {
      case .view(let length): self = .view(length: length)
      case .list(_, let inset): self = .list(inset: inset)
      }
    }
  }

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
  ///
  /// It reads the children as ``ChildShape``s, plain bytes: a scene's child holds its list's
  /// items, and reading one out of ``children`` retains and releases them.
  mutating func layout(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    let geometry = scrollView.geometry
    let width = geometry.boundsSize.width
    // Nothing moves.
    if version == 1 && laidOutWidth == width && frames.count == shapes.count { return }
    laidOutWidth = width
    let y = scrollView.contentOffset.y
    let height = geometry.boundsSize.height
    // Every child's frame and offset is written below: the arrays are reused, not rebuilt, when
    // the children are the same in number (every scroll's pass).
    if frames.count != shapes.count {
      frames = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: shapes.count)
      childOffsets = Array(repeating: 0, count: shapes.count)
    }
    var position = 0.0
    var previousVisible = false
    for index in shapes.indices {
      let shape = shapes[index]
      if case .hidden = shape {
        frames[index] = Rect(x: 0, y: position, width: width, height: 0)
        childOffsets[index] = 0
        work.framesSet += 1
        show(rows: nil, of: index)
        continue
      }
      if version != 2, previousVisible { position += spacing }
      previousVisible = true
      switch shape {
      case .hidden:
        break  // Laid out above.
      case .view(let length):
        frames[index] = Rect(x: 0, y: position, width: width, height: length)
        childOffsets[index] = 0
        work.framesSet += 1
        position += length
      case .list(let inset):
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
        // The reserved length: the rows plus the inset (`reservedLength(of:listLength:)`).
        position += content + inset.top + inset.bottom
      }
      if version == 2, index < shapes.count - 1 { position += spacing }
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
    switch shapes[index] {
    case .list, .hidden(isList: true): break
    case .view, .hidden(isList: false): return
    }
    var wanted: Range<Int> = 0..<0
    if version == 1, range != nil {
      wanted = 0..<rowStarts[index].count
    } else if let range {
      wanted = rows(of: index, from: range.lower, to: range.upper, near: shownRows[index].rows)
    }
    rowViewsInUse -= shownRows[index].count
    shownRows[index].show(
      wanted,
      enqueue: { pools[index].enqueue($0) },
      dequeue: { row in
        let view = pools[index].dequeue(rowIdentifiers[index][row]).view
        pools[index].configure(view)
        return view
      })
    rowViewsInUse += wanted.count
    work.framesSet += wanted.count  // Each row shown gets its frame set.
  }
}
