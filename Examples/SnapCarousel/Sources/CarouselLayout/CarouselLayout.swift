// CarouselLayout — a horizontal carousel of cards that snaps a card to the centre.
//
// Written as an app writes it: Foundation's CGFloat, CGPoint, CGSize and CGRect, no UIKit, so this
// file compiles unchanged in the iOS app (called from `scrollViewWillEndDragging` and
// `viewWillTransition(to:with:)`) and in the carousel's scrolltrace engines on Linux.

import Foundation

/// Where a carousel's cards go and where it comes to rest: cards `cardWidthFraction` of the bounds
/// wide, as tall as the bounds, `spacing` apart, with the first and last card centred at the ends.
///
/// Points throughout.
public struct CarouselLayout: Sendable, Hashable {
  /// The number of cards.
  public var cardCount: Int
  /// A card's width as a fraction of the bounds width.
  public var cardWidthFraction: CGFloat
  /// The gap between two cards, in points.
  public var spacing: CGFloat

  /// A layout of `cardCount` cards.
  public init(cardCount: Int, cardWidthFraction: CGFloat = 0.8, spacing: CGFloat = 12) {
    self.cardCount = max(cardCount, 0)
    self.cardWidthFraction = cardWidthFraction
    self.spacing = spacing
  }

  /// A card's size in `bounds`.
  public func cardSize(in bounds: CGSize) -> CGSize {
    CGSize(width: (bounds.width * cardWidthFraction).rounded(), height: bounds.height)
  }

  /// The distance from one card's origin to the next one's.
  public func stride(in bounds: CGSize) -> CGFloat { cardSize(in: bounds).width + spacing }

  /// The inset before the first card and after the last one, so that each can be centred.
  public func sideInset(in bounds: CGSize) -> CGFloat {
    (bounds.width - cardSize(in: bounds).width) / 2
  }

  /// The content size (`collectionViewContentSize`).
  public func contentSize(in bounds: CGSize) -> CGSize {
    guard cardCount > 0 else { return CGSize(width: 0, height: bounds.height) }
    let width = 2 * sideInset(in: bounds) + CGFloat(cardCount) * stride(in: bounds) - spacing
    return CGSize(width: width, height: bounds.height)
  }

  /// Card `index`'s frame in content coordinates.
  public func frame(ofCard index: Int, in bounds: CGSize) -> CGRect {
    CGRect(
      origin: CGPoint(x: sideInset(in: bounds) + CGFloat(index) * stride(in: bounds), y: 0),
      size: cardSize(in: bounds))
  }

  /// The content offset that centres card `index`.
  public func contentOffset(centering index: Int, in bounds: CGSize) -> CGPoint {
    CGPoint(x: CGFloat(index) * stride(in: bounds), y: 0)
  }

  /// The card nearest the centre at `contentOffset`, within the cards.
  public func card(nearest contentOffset: CGPoint, in bounds: CGSize) -> Int {
    let step = stride(in: bounds)
    guard cardCount > 0, step > 0, contentOffset.x.isFinite else { return 0 }
    let index = (contentOffset.x / step).rounded()
    return Int(min(max(index, 0), CGFloat(cardCount - 1)))
  }

  /// The cards whose frames intersect `viewport` (content coordinates).
  public func cards(in viewport: CGRect, bounds: CGSize) -> Range<Int> {
    let step = stride(in: bounds)
    guard cardCount > 0, step > 0, viewport.minX.isFinite, viewport.maxX.isFinite else {
      return 0..<0
    }
    let inset = sideInset(in: bounds)
    let first = Int(
      max(((viewport.minX - inset - cardSize(in: bounds).width) / step).rounded(.down) + 1, 0))
    let last = Int(min(max(((viewport.maxX - inset) / step).rounded(.up), 0), CGFloat(cardCount)))
    return min(first, last)..<last
  }

  /// Where a drag released at `contentOffset` comes to rest: the card nearest UIKit's `proposed`
  /// resting offset, but at most one card from the card in view, so a fling turns one card (what
  /// `scrollViewWillEndDragging` sets `targetContentOffset` to).
  public func targetContentOffset(
    forProposed proposed: CGPoint, from contentOffset: CGPoint, in bounds: CGSize
  ) -> CGPoint {
    let current = card(nearest: contentOffset, in: bounds)
    let target = min(max(card(nearest: proposed, in: bounds), current - 1), current + 1)
    return self.contentOffset(centering: target, in: bounds)
  }

  /// The offset that keeps card `index` centred in `newBounds`: what `viewWillTransition(to:with:)`
  /// sets, so a rotation does not leave the carousel resting between two cards.
  public func contentOffset(keepingCard index: Int, in newBounds: CGSize) -> CGPoint {
    contentOffset(centering: min(max(index, 0), max(cardCount - 1, 0)), in: newBounds)
  }
}
