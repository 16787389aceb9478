// The model's geometry and Foundation's Core Graphics types, both ways.

import Foundation
import Replay
import Testing
import TraceIngest

@Suite struct CoreGraphicsTests {
  @Test func geometryRoundTripsThroughCoreGraphics() {
    let point = Point(x: 12.5, y: -3.25)
    #expect(Point(point.cgPoint) == point)
    #expect(point.cgPoint == CGPoint(x: 12.5, y: -3.25))
    let size = Size(width: 393, height: 852)
    #expect(Size(size.cgSize) == size)
    let rect = Rect(x: 10, y: 20, width: 300, height: 400)
    #expect(Rect(rect.cgRect) == rect)
    #expect(rect.cgRect.maxX == CGFloat(rect.maxX) && rect.cgRect.maxY == CGFloat(rect.maxY))
    #expect(Rect(CGRect(x: 1, y: 2, width: 3, height: 4)) == Rect(x: 1, y: 2, width: 3, height: 4))
  }

  /// A hook written against CGPoint, as app code is, gives the target the model gets.
  @Test func appLogicInCoreGraphicsDrivesAHook() {
    func snap(_ proposed: CGPoint, pageWidth: CGFloat) -> CGPoint {
      CGPoint(x: (proposed.x / pageWidth).rounded() * pageWidth, y: proposed.y)
    }
    var target = Point(x: 530, y: 0)
    target = Point(snap(target.cgPoint, pageWidth: 393))
    #expect(target == Point(x: 393, y: 0))
  }
}
