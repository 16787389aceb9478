// scrolltrace — ChatLayout's published story, told by the content-shift analysis.

import Analyze
import Replay
import Testing

/// The three `chat` versions over the scripts in `Traces/scripts/chat-*.json`: a conversation of
/// 40 messages estimated at 60 points, read at the bottom, to which the app does what chat apps
/// do.
@Suite struct ChatStoryTests {
  static func shifts(_ script: String, _ engine: String) throws -> ContentShiftSummary {
    try ContentShiftStoryTests.shifts(script, engine)
  }

  /// A message appended at the bottom: revealed from 2.0.2 (9bbacaf); on 2.0.1 the list stays
  /// where it was and the new message below the edge (it shows only what it grew by as it sized).
  @Test func anAppendedMessageIsRevealedFrom2_0_2() throws {
    let first = try Self.shifts("chat-append", "chat@1")
    #expect(first.leftBottom == 1)
    #expect(first.largestBottomGap == 60)
    for engine in ["chat@2", "chat@3"] {
      let summary = try Self.shifts("chat-append", engine)
      #expect(summary.leftBottom == 0 && summary.count == 0, "\(engine)")
    }
  }

  /// The last message reloaded shorter at the bottom: compensated twice on 2.0.1 and 2.0.2, so the
  /// list leaves the bottom by the change; pinned on 2.0.11 (18df22f).
  @Test func aShrinkingLastMessageStaysPinnedFrom2_0_11() throws {
    for engine in ["chat@1", "chat@2"] {
      let summary = try Self.shifts("chat-shrink", engine)
      #expect(summary.leftBottom == 1 && summary.largestBottomGap == 144, "\(engine)")
      #expect(summary.count == 1, "\(engine)")
    }
    let fixed = try Self.shifts("chat-shrink", "chat@3")
    #expect(fixed.leftBottom == 0 && fixed.count == 0)
  }

  /// History prepended while reading mid-conversation keeps the reading position on every
  /// version; a layout that keeps UIKit's offset (`magazine@1`) throws it down.
  @Test func aPrependKeepsTheReadingPosition() throws {
    for engine in ["chat@1", "chat@2", "chat@3"] {
      let summary = try Self.shifts("chat-prepend", engine)
      #expect(summary.count == 0 && summary.leftBottom == 0, "\(engine)")
    }
    #expect(try Self.shifts("chat-prepend", "magazine@1").largest >= 800)
  }

  /// Cards prepended while the feed decelerates, on iOS 15.1, which ignored the layout's target
  /// offset while the user scrolled: every ChatLayout version sets the offset itself
  /// (`enableIOS15_1Fix`) and keeps the reading position; MagazineLayout's bottom-to-top layout,
  /// which has no such fix, throws it.
  @Test func aPrependMidFlingOnIOS15_1KeepsTheReadingPosition() throws {
    try ContentShiftStoryTests.withTrace("magazine-prepend-fling") { path in
      for engine in ["chat@1", "chat@2", "chat@3"] {
        let summary = try ContentShiftStoryTests.shifts(path: path, engine, uikit: .iOS15Point1)
        #expect(summary.count == 0 && summary.updatesMidFling == 1, "\(engine)")
      }
      let unfixed = try ContentShiftStoryTests.shifts(
        path: path, "magazine-chat@4", uikit: .iOS15Point1)
      #expect(unfixed.count == 1 && unfixed.largest >= 5 * 120)
      #expect(try ContentShiftStoryTests.shifts(path: path, "magazine-chat@4").count == 0)
    }
  }

  /// A reply streamed into the last message, growing 24 points at a time: every version keeps it
  /// at the bottom (its top is above the bottom edge, so the list grows upward).
  @Test func aStreamedReplyStaysAtTheBottom() throws {
    for engine in ["chat@1", "chat@2", "chat@3"] {
      let summary = try Self.shifts("chat-stream", engine)
      #expect(summary.count == 0 && summary.leftBottom == 0, "\(engine)")
    }
  }

  /// Scrolling up into messages never sized: the list grows upward above the bottom edge, so
  /// nothing moves under the finger on any version.
  @Test func scrollingUpIntoUnsizedMessages() throws {
    for engine in ["chat@1", "chat@3"] {
      #expect(try Self.shifts("magazine-scroll-up", engine).whileTracking == 0, "\(engine)")
    }
  }
}

/// The keyboard over a conversation read at the bottom (`Traces/scripts/chat-keyboard.json`): the
/// input bar's inset at first, the keyboard rising to 336 points, a message arriving above it, the
/// keyboard going down to the input bar again.
@Suite struct ChatKeyboardStoryTests {
  /// ChatLayout's example app keeps the last message above the keyboard as it rises and as it
  /// falls, on every version: nothing moves but with the bottom of the visible area, and the list
  /// never leaves its bottom (but for 2.0.1's unrevealed message, its own story).
  @Test func theKeyboardRisingKeepsTheLastMessageAboveIt() throws {
    for engine in ["chat@2", "chat@3"] {
      let summary = try ChatStoryTests.shifts("chat-keyboard", engine)
      #expect(summary.count == 0 && summary.leftBottom == 0, "\(engine)")
    }
    let first = try ChatStoryTests.shifts("chat-keyboard", "chat@1")
    #expect(first.byCause.map(\.cause) == [.batchUpdate])
    #expect(first.leftBottom == 1 && first.bottomLeaves.map(\.cause) == [.batchUpdate])
  }

  /// A screen that only moves the inset (Apple's "Managing the Keyboard" listing) leaves the offset
  /// where it was: the keyboard rises over the last messages, and the list is left 252 points above
  /// its bottom (336 less the input bar's 84).
  @Test func aScreenThatOnlyMovesTheInsetLetsTheKeyboardCoverTheLastMessage() throws {
    let entry = EngineRegistry.Entry {
      SelfSizingEngine(policy: ChatLayoutPolicy(version: 3, keyboardHandling: .insetOnly))
    }
    let summary = try ContentShiftStoryTests.withTrace("chat-keyboard") { path in
      try #require(IdleFrameRunTests.replay(path, entry, skipping: true).summary.contentShift)
    }
    #expect(summary.leftBottom == 1)
    #expect(summary.largestBottomGap == 252)
    #expect(summary.bottomLeaves.map(\.cause) == [.keyboard])
  }
}
