// Property test: a reuse pool of either strategy answers random dequeues, enqueues, configurations
// and removals — of its own views, of views it never made and of views already removed — with the
// views, events, queued counts and scan steps of a plain model of UIKit's queue (an array of
// waiting views per identifier, a dictionary of every view's identifier).

import Testing
import TraceCore

@testable import Replay

@Suite struct ReusePoolModelTests {
  /// The reference: what the pool does, written the plainest way.
  private struct Model {
    let strategy: ReusePool.Strategy
    let firstView: Int
    var nextView: Int
    /// Every waiting view in enqueue order, with its identifier.
    var waiting: [(view: Int, identifier: String)] = []
    var identifiers: [Int: String] = [:]
    var events: [ViewEvent] = []
    var steps = 0

    init(strategy: ReusePool.Strategy, firstView: Int) {
      self.strategy = strategy
      self.firstView = firstView
      nextView = firstView
    }

    mutating func dequeue(_ identifier: String) -> (view: Int, reused: Bool) {
      if let position = waiting.firstIndex(where: { $0.identifier == identifier }) {
        // A linear scan reads every entry up to the match; a keyed queue looks once.
        steps += strategy == .linearScan ? position + 1 : 1
        let view = waiting.remove(at: position).view
        events.append(ViewEvent(.preparedForReuse, view: view, identifier: identifier))
        events.append(ViewEvent(.reused, view: view, identifier: identifier))
        return (view, true)
      }
      steps += strategy == .linearScan ? max(waiting.count, 1) : 1
      let view = nextView
      nextView += 1
      identifiers[view] = identifier
      events.append(ViewEvent(.created, view: view, identifier: identifier))
      return (view, false)
    }

    mutating func configure(_ view: Int) {
      guard let identifier = identifiers[view] else { return }
      events.append(ViewEvent(.configured, view: view, identifier: identifier))
    }

    mutating func enqueue(_ view: Int) {
      guard let identifier = identifiers[view] else { return }
      waiting.append((view, identifier))
      events.append(ViewEvent(.enqueued, view: view, identifier: identifier))
    }

    mutating func remove(_ view: Int) {
      guard let identifier = identifiers.removeValue(forKey: view) else { return }
      if let position = waiting.firstIndex(where: { $0.view == view }) {
        waiting.remove(at: position)
      }
      events.append(ViewEvent(.removed, view: view, identifier: identifier))
    }

    /// Waiting views per identifier that was ever enqueued, identifiers sorted.
    func queued(everEnqueued: Set<String>) -> [String] {
      everEnqueued.sorted().map { identifier in
        "\(identifier)=\(waiting.filter { $0.identifier == identifier }.count)"
      }
    }
  }

  @Test(arguments: [ReusePool.Strategy.keyed, .linearScan])
  func aPoolAnswersAsThePlainModel(strategy: ReusePool.Strategy) {
    var random = SeededGenerator(seed: strategy == .keyed ? 7 : 8)
    let identifiers = ["row", "photo", "a-much-longer-reuse-identifier-than-fits-inline", "é"]
    for round in 0..<200 {
      let firstView = round % 3 == 0 ? 0 : round << 32
      var pool = ReusePool(strategy: strategy, firstView: firstView)
      var model = Model(strategy: strategy, firstView: firstView)
      var everEnqueued: Set<String> = []
      var out: [Int] = []
      for step in 0..<Int.random(in: 1...120, using: &random) {
        // A view the pool made, one it never made, or one out of any range.
        let someView: Int
        switch Int.random(in: 0..<10, using: &random) {
        case 0: someView = Int.random(in: Int.min...Int.max, using: &random)
        case 1: someView = firstView &- 1
        case 2: someView = model.nextView
        default:
          someView =
            out.isEmpty
            ? firstView : out[Int.random(in: 0..<out.count, using: &random)]
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
          let identifier = identifiers[Int.random(in: 0..<identifiers.count, using: &random)]
          let got = pool.dequeue(identifier)
          let expected = model.dequeue(identifier)
          #expect(got == expected, "round \(round), step \(step)")
          out.append(got.view)
        case 4...6:
          if let identifier = model.identifiers[someView] { everEnqueued.insert(identifier) }
          pool.enqueue(someView)
          model.enqueue(someView)
          out.removeAll { $0 == someView }
        case 7, 8:
          pool.configure(someView)
          model.configure(someView)
        default:
          pool.remove(someView)
          model.remove(someView)
          out.removeAll { $0 == someView }
        }
      }
      let (events, steps) = pool.takeFrame()
      #expect(events == model.events, "round \(round)")
      #expect(steps == model.steps, "round \(round)")
      #expect(pool.createdCount == model.nextView - firstView)
      #expect(
        pool.queuedByIdentifier.map { "\($0.identifier)=\($0.count)" }
          == model.queued(everEnqueued: everEnqueued), "round \(round)")
    }
  }
}
