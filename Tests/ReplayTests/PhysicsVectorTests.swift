// Published vectors — ScrollMechanics, Flutter's physics tests, pop, WWDC18 — reproduced by the physics
// types.

import Foundation
import Replay
import Testing

@Suite struct PhysicsVectorTests {
  /// The WWDC18 projection ("Designing Fluid Interfaces") and the continuous closed form.
  @Test(arguments: [
    (100.0, 49.9, 9.9, 49.9500), (500, 249.5, 49.5, 249.7499), (1000, 499.0, 99.0, 499.4998),
    (2000, 998.0, 198.0, 998.9997), (5000, 2495.0, 495.0, 2497.4992),
    (-3000, -1497.0, -297.0, -1498.4995),
  ])
  func projectionTable(v: Double, normal: Double, fast: Double, continuous: Double) {
    #expect(abs(DecelerationRate.normal.projectedDistance(velocity: v) - normal) < 1e-9)
    #expect(abs(DecelerationRate.fast.projectedDistance(velocity: v) - fast) < 1e-9)
    #expect(abs(DecelerationRate.normal.decayDistance(velocity: v) - continuous) < 1e-4)
    // The simulation's destination is the continuous form.
    let decay = DecelerationSimulation(position: 0, velocity: v)
    #expect(abs(decay.destination - continuous) < 1e-4)
  }

  @Test func perSecondDrag() {
    #expect(abs(DecelerationRate.normal.perSecondDrag - 0.1350645) < 1e-7)
    #expect(abs(DecelerationRate.fast.perSecondDrag - 4.3171e-5) < 1e-8)
    #expect(DecelerationRate(rawValue: 1) == nil)
    #expect(DecelerationRate(rawValue: 0) == nil)
    #expect(DecelerationRate(rawValue: .nan) == nil)
  }

  /// ScrollMechanics' 0.5 pt remaining-distance rule stops at 1.0012 pt/s (normal) and 5.025 pt/s (fast).
  @Test func stopRuleVelocities() {
    for (rate, stop) in [(DecelerationRate.normal, 1.0012), (.fast, 5.025)] {
      let decay = DecelerationSimulation(position: 0, velocity: 3000, rate: rate)
      let justBefore = decay.stopTime - 1e-9
      #expect(abs(decay.velocity(at: justBefore) - stop) < 1e-3)
      // The rule decides when: 0.5 pt short of the destination, the motion ends on it exactly.
      #expect(abs(decay.destination - decay.position(at: justBefore) - 0.5) < 1e-6)
      #expect(decay.position(at: decay.stopTime) == decay.destination)
      #expect(decay.isDone(at: decay.stopTime) && !decay.isDone(at: justBefore))
    }
    let pop = DecelerationSimulation(position: 0, velocity: 3000, stopRule: .velocity(5))
    #expect(abs(pop.velocity(at: pop.stopTime - 1e-9) - 5) < 1e-3)
    #expect(pop.position(at: pop.stopTime) == pop.destination)
  }

  /// pop's `decay_position` sums one step per millisecond: its destination is the WWDC18
  /// projection, 0.1 % short of the continuous one, and stepping it by whole milliseconds gives the
  /// closed form.
  @Test func discreteDecayIsPopsPerMillisecondSum() {
    for v in [1000.0, -3000, 5000] {
      let discrete = DecelerationSimulation(
        position: 10, velocity: v, model: .discrete, stopRule: .velocity(1e-9))
      #expect(
        abs(discrete.destination - 10 - DecelerationRate.normal.projectedDistance(velocity: v))
          < 1e-9)
      let continuous = DecelerationSimulation(position: 10, velocity: v, stopRule: .velocity(1e-9))
      #expect(
        abs((continuous.destination - 10) / (discrete.destination - 10) - 499.4998 / 499) < 1e-6)
      // pop: x += (v/1000)·d·(1 − d^dt)/(1 − d), v *= d^dt, with dt = 1 ms, 250 times.
      var x = 10.0
      var velocity = v
      let d = 0.998
      for _ in 0..<250 {
        x += velocity / 1000 * d * (1 - d) / (1 - d)
        velocity *= d
      }
      #expect(abs(discrete.position(at: 0.25) - x) < 1e-6)
      #expect(abs(discrete.velocity(at: 0.25) - velocity) < 1e-6)
      for t in [0.1, 0.4] {
        #expect(abs(discrete.time(toReach: discrete.position(at: t)) - t) < 1e-9)
      }
      let chosen = DecelerationSimulation(position: 0, target: 300, model: .discrete)
      #expect(chosen.position(at: chosen.stopTime) == 300)
      #expect(abs(chosen.position(at: chosen.stopTime - 1e-9) - 299.5) < 1e-6)
    }
  }

  /// ScrollMechanics' duration bound for a critically damped spring, with its threshold of
  /// 0.5/scale pt: the spring is within the threshold by then and lands on its end.
  @Test func springDurationBound() {
    let tolerance = Tolerance(displayScale: 3)
    for (start, velocity) in [(120.0, 0.0), (0, 2400), (-80, -600)] {
      let spring = SpringSimulation(
        spring: .bounce, start: start, end: 0, velocity: velocity, tolerance: tolerance,
        stopRule: .durationBound)
      let beta = 10.0
      let c1 = start
      let c2 = velocity + beta * start
      let bound = max(
        0, c1 == 0 ? 0 : log(2 * abs(c1) / (0.5 / 3)) / beta,
        c2 == 0 ? 0 : 2 / beta * log(4 * abs(c2) / (M_E * beta * (0.5 / 3))))
      #expect(!spring.isDone(at: bound - 1e-6) && spring.isDone(at: bound))
      #expect(spring.position(at: bound) == 0)
      let free = SpringSimulation(
        spring: .bounce, start: start, end: 0, velocity: velocity, tolerance: tolerance)
      #expect(abs(free.position(at: bound - 1e-6)) <= 0.5 / 3)
    }
  }

  /// Flutter's friction_simulation_test with drag 0.135: our decay with the rate whose
  /// per-second drag is 0.135 is the same curve.
  @Test func flutterFrictionExpectations() throws {
    let rate = try #require(DecelerationRate(rawValue: pow(0.135, 1.0 / 1000)))
    let up = DecelerationSimulation(
      position: 100, velocity: 100, rate: rate, stopRule: .velocity(1e-9))
    for (t, x) in [(0.1, 109.0624), (0.5, 131.5896), (2.0, 149.0279)] {
      #expect(abs(up.position(at: t) - x) < 1e-4)
    }
    #expect(abs(up.destination - 149.9381) < 1e-4)
    #expect(up.time(toReach: 200) == .infinity)
    #expect(up.time(toReach: -1) == .infinity)
    for t in [0.1, 0.5, 1.0] { #expect(abs(up.time(toReach: up.position(at: t)) - t) < 1e-9) }
    let down = DecelerationSimulation(
      position: 100, velocity: -100, rate: rate, stopRule: .velocity(1e-9))
    for (t, x) in [(0.1, 90.9376), (0.5, 68.4104), (2.0, 50.9721)] {
      #expect(abs(down.position(at: t) - x) < 1e-4)
    }
    #expect(abs(down.destination - 50.0619) < 1e-4)
    #expect(down.time(toReach: 101) == .infinity)
    #expect(down.time(toReach: 40) == .infinity)
  }

  /// Flutter's BouncingScrollSimulation with no edge in reach: the friction part.
  @Test(arguments: [
    (
      1000.0,
      [(0.1, 90.6238), (0.25, 196.6787), (0.5, 315.8965), (1.0, 431.9643), (2.0, 490.2794)],
      499.3806
    ),
    (
      5000.0,
      [(0.1, 453.1188), (0.25, 983.3937), (0.5, 1579.4824), (1.0, 2159.8213), (2.0, 2451.3972)],
      2496.9032
    ),
  ])
  func flutterFlingVectors(v: Double, points: [(Double, Double)], final: Double) throws {
    let rate = try #require(DecelerationRate(rawValue: pow(0.135, 1.0 / 1000)))
    let fling = BouncingDeceleration(
      position: 0, velocity: v, minimum: -1e9, maximum: 1e9, rate: rate, stopRule: .velocity(1e-9),
      spring: .bounce, tolerance: Tolerance(displayScale: 3))
    for (t, x) in points { #expect(abs(fling.position(at: t) - x) < 1e-4) }
    #expect(abs(fling.deceleration!.destination - final) < 1e-4)
    #expect(abs(fling.velocity(at: 1) - v * 0.135) < 1e-9)
  }

  /// The rubber band for d = 960, upstream (gist, 2 dp) and computed.
  @Test func rubberBandRow() {
    let band = RubberBand()
    let computed: [(Double, Double)] = [
      (1, 0.5497), (5, 2.7421), (10, 5.4687), (50, 26.7342), (100, 52.0197), (200, 98.6916),
      (400, 178.9831),
      (960, 340.6452), (10000, 817.3375),
    ]
    for (x, b) in computed {
      #expect(abs(band.overscroll(forDistance: x, dimension: 960) - b) < 1e-4)
      #expect(abs(band.overscroll(forDistance: -x, dimension: 960) + b) < 1e-4)
      #expect(abs(band.distance(forOverscroll: b, dimension: 960) - x) / x < 1e-4)
    }
    let upstream: [(Double, Double)] = [
      (5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65),
    ]
    for (x, b) in upstream {
      #expect((band.overscroll(forDistance: x, dimension: 960) * 100).rounded() / 100 == b)
    }
    // Slope c at the edge; applied outside a range only.
    #expect(abs(band.overscroll(forDistance: 1e-6, dimension: 960) / 1e-6 - 0.55) < 1e-6)
    #expect(band.apply(50, minimum: 0, maximum: 100, dimension: 960) == 50)
    #expect(abs(band.apply(1060, minimum: 0, maximum: 100, dimension: 960) - 440.6452) < 1e-4)
    #expect(
      abs(
        band.unapply(
          band.apply(-400, minimum: 0, maximum: 100, dimension: 960), minimum: 0, maximum: 100,
          dimension: 960) + 400) < 1e-6)
  }

  /// Flutter's newton_test springs (critically, over- and underdamped).
  @Test func flutterSpringExpectations() {
    let tight = Tolerance(distance: 0.01, velocity: 0.01)
    let critical = SpringSimulation(
      spring: SpringDescription(mass: 1, stiffness: 100, dampingRatio: 1), start: 0, end: 500,
      velocity: 0, tolerance: tight)
    #expect([0.25, 0.5, 0.75].map { critical.position(at: $0).rounded(.down) } == [356, 479, 497])
    #expect([0.25, 0.5, 0.75].map { critical.velocity(at: $0).rounded(.down) } == [1026, 168, 20])
    #expect(critical.position(at: 1.5) > 499 && critical.position(at: 1.5) < 501)
    #expect(critical.isDone(at: 1.6))

    let over = SpringSimulation(
      spring: SpringDescription(mass: 1, stiffness: 100, dampingRatio: 1.25), start: 0, end: 500,
      velocity: 0, tolerance: tight)
    #expect([0.5, 1, 1.5].map { over.position(at: $0).rounded(.down) } == [445, 495, 499])
    #expect([0.5, 1, 1.5].map { over.velocity(at: $0).rounded(.down) } == [273, 22, 1])
    #expect(over.isDone(at: 3))

    let under = SpringSimulation(
      spring: SpringDescription(mass: 1, stiffness: 100, dampingRatio: 0.25), start: 0, end: 300,
      velocity: 0, tolerance: tight)
    #expect(under.position(at: 1).rounded(.down) == 325)
    #expect(under.velocity(at: 1).rounded(.down) == -65)
    // Flutter's plain SpringSimulation gives floor x(6) = 299 (still approaching); once done, ours
    // returns the end exactly, as Flutter's ScrollSpringSimulation does.
    #expect(under.isDone(at: 6))
    #expect(under.position(at: 6) == 300)
    #expect(under.position(at: 5.5).rounded(.down) == 299 || under.position(at: 5.5) == 300)
    // Queried out of order ("jump back"), the answers do not change.
    #expect(critical.position(at: 0.25) == critical.position(at: 0.25))
  }

  /// The page spring from 300 to 800 at 1000 pt/s with Flutter's default spring.
  @Test func pageSpringVector() {
    let snap = SpringSimulation(
      spring: .paging, start: 300, end: 800, velocity: 1000, tolerance: Tolerance(displayScale: 3))
    for (t, x) in [(0.05, 399.695), (0.1, 518.242), (0.2, 677.476), (0.3, 749.586), (0.5, 791.736)]
    {
      #expect(abs(snap.position(at: t) - x) < 1e-3)
    }
    #expect(abs(SpringDescription.paging.damping - 15.5563) < 1e-4)
    #expect(!snap.isDone(at: 0.84) && snap.isDone(at: 0.87))
    #expect(snap.position(at: 0.87) == 800)
  }

  /// Flutter's PageScrollPhysics targets, viewport 800, at dpr 1 and dpr 3.
  @Test(arguments: [
    (300.0, 1000.0, 800.0, 800.0), (300, 0, 0, 0), (300, 10, 0, 800), (380, 0, 0, 0),
    (420, 0, 800, 800),
    (500, -1000, 0, 0), (1200, -30, 800, 800),
  ])
  func halfPageTargets(pixels: Double, v: Double, dpr1: Double, dpr3: Double) {
    for (scale, expected) in [(1.0, dpr1), (3.0, dpr3)] {
      let target = PagingStrategy.halfPage.targetOffset(
        offset: pixels, velocity: v, pageLength: 800, dragStartOffset: 0, projectedDistance: 0,
        velocityTolerance: Tolerance(displayScale: scale).velocity)
      #expect(target == expected)
    }
  }

  @Test func projectedPagingStrategies() {
    // 3000 pt/s from 100 projects ~1498 pt: WinObjC's rounding skips to page 2; the one-page
    // pattern stops at page 1.
    let projected = DecelerationRate.normal.decayDistance(velocity: 3000)
    let args = (offset: 100.0, velocity: 3000.0, pageLength: 800.0, start: 0.0)
    #expect(
      PagingStrategy.projected.targetOffset(
        offset: args.offset, velocity: args.velocity, pageLength: args.pageLength,
        dragStartOffset: args.start, projectedDistance: projected, velocityTolerance: 1) == 1600)
    #expect(
      PagingStrategy.projectedOnePage.targetOffset(
        offset: args.offset, velocity: args.velocity, pageLength: args.pageLength,
        dragStartOffset: args.start, projectedDistance: projected, velocityTolerance: 1) == 800)
  }

  @Test func easeInEaseOutCurve() {
    let curve = TimingCurve.easeInEaseOut
    #expect(abs(curve.progress(at: 0.5) - 0.5) < 1e-9)
    #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
    var previous = 0.0
    for i in 1...100 {
      let p = curve.progress(at: Double(i) / 100)
      #expect(p >= previous)
      previous = p
    }
    let animation = CurveAnimation(start: 0, end: 300, duration: 0.3, curve: curve)
    #expect(animation.position(at: 0.3) == 300 && animation.isDone(at: 0.3))
    #expect(abs(animation.position(at: 0.15) - 150) < 1e-6)
    #expect(animation.velocity(at: 0) < 1 && animation.velocity(at: 0.15) > 1000)
  }
}
