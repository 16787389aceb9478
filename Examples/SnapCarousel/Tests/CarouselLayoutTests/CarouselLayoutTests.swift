// The carousel's own logic, tested as the app's unit tests would test it.

import CarouselLayout
import Foundation
import Testing

@Suite struct CarouselLayoutTests {
  let layout = CarouselLayout(cardCount: 12)
  let portrait = CGSize(width: 393, height: 852)
  let landscape = CGSize(width: 852, height: 393)

  @Test func cardsAreCentredAtMultiplesOfTheStride() {
    #expect(layout.cardSize(in: portrait).width == 314)  // 80 % of 393, rounded
    #expect(layout.stride(in: portrait) == 326)
    for index in [0, 3, 11] {
      let frame = layout.frame(ofCard: index, in: portrait)
      let offset = layout.contentOffset(centering: index, in: portrait)
      #expect(frame.midX - offset.x == portrait.width / 2)
    }
    #expect(
      layout.contentSize(in: portrait).width == layout.frame(ofCard: 11, in: portrait).maxX
        + layout.sideInset(in: portrait))
  }

  @Test func aSwipeTurnsOneCardAtMost() {
    let at3 = layout.contentOffset(centering: 3, in: portrait)
    let far = CGPoint(x: at3.x + 5000, y: 0)
    #expect(
      layout.targetContentOffset(forProposed: far, from: at3, in: portrait)
        == layout.contentOffset(centering: 4, in: portrait))
    let back = CGPoint(x: at3.x - 120, y: 0)
    #expect(layout.targetContentOffset(forProposed: back, from: at3, in: portrait) == at3)
    let before = CGPoint(x: -900, y: 0)
    #expect(layout.targetContentOffset(forProposed: before, from: .zero, in: portrait) == .zero)
  }

  @Test func aRotationKeepsTheCard() {
    let offset = layout.contentOffset(keepingCard: 3, in: landscape)
    #expect(layout.card(nearest: offset, in: landscape) == 3)
    #expect(offset == layout.contentOffset(centering: 3, in: landscape))
    // Keeping the portrait offset instead rests between two cards.
    let kept = layout.contentOffset(centering: 3, in: portrait)
    #expect(
      kept
        != layout.contentOffset(centering: layout.card(nearest: kept, in: landscape), in: landscape)
    )
  }

  @Test func visibleCards() {
    let viewport = CGRect(origin: layout.contentOffset(centering: 3, in: portrait), size: portrait)
    // card 3 and the edges of 2 and 4
    #expect(layout.cards(in: viewport, bounds: portrait) == 2..<5)
    #expect(
      layout.cards(in: CGRect(x: -500, y: 0, width: 393, height: 852), bounds: portrait).isEmpty)
  }
}
