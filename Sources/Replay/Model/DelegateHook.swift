// scrolltrace — which delegate hooks a replay called, and which the protocol's defaults answered.

/// The hooks of ``ScrollViewDelegate``, as a set.
public struct DelegateHooks: OptionSet, Sendable, Hashable {
  /// The set's bits, one per hook.
  public let rawValue: UInt16

  /// A set of hooks from its bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// ``ScrollViewDelegate/scrollViewDidScroll(_:)``.
  public static let scrollViewDidScroll = DelegateHooks(rawValue: 1 << 0)
  /// ``ScrollViewDelegate/scrollViewWillBeginDragging(_:)``.
  public static let scrollViewWillBeginDragging = DelegateHooks(rawValue: 1 << 1)
  /// ``ScrollViewDelegate/scrollViewWillEndDragging(_:velocity:targetContentOffset:)``.
  public static let scrollViewWillEndDragging = DelegateHooks(rawValue: 1 << 2)
  /// ``ScrollViewDelegate/scrollViewDidEndDragging(_:willDecelerate:)``.
  public static let scrollViewDidEndDragging = DelegateHooks(rawValue: 1 << 3)
  /// ``ScrollViewDelegate/scrollViewWillBeginDecelerating(_:)``.
  public static let scrollViewWillBeginDecelerating = DelegateHooks(rawValue: 1 << 4)
  /// ``ScrollViewDelegate/scrollViewDidEndDecelerating(_:)``.
  public static let scrollViewDidEndDecelerating = DelegateHooks(rawValue: 1 << 5)
  /// ``ScrollViewDelegate/scrollViewDidEndScrollingAnimation(_:)``.
  public static let scrollViewDidEndScrollingAnimation = DelegateHooks(rawValue: 1 << 6)
  /// ``ScrollViewDelegate/layoutSubviews(_:)``.
  public static let layoutSubviews = DelegateHooks(rawValue: 1 << 7)
  /// ``ScrollViewDelegate/scrollViewWillTransition(_:to:targetContentOffset:)``.
  public static let scrollViewWillTransition = DelegateHooks(rawValue: 1 << 8)

  /// Every hook with its name as the protocol declares it, in the protocol's order.
  public static let named: [(hook: DelegateHooks, name: String)] = [
    (.scrollViewDidScroll, "scrollViewDidScroll(_:)"),
    (.scrollViewWillBeginDragging, "scrollViewWillBeginDragging(_:)"),
    (.scrollViewWillEndDragging, "scrollViewWillEndDragging(_:velocity:targetContentOffset:)"),
    (.scrollViewDidEndDragging, "scrollViewDidEndDragging(_:willDecelerate:)"),
    (.scrollViewWillBeginDecelerating, "scrollViewWillBeginDecelerating(_:)"),
    (.scrollViewDidEndDecelerating, "scrollViewDidEndDecelerating(_:)"),
    (.scrollViewDidEndScrollingAnimation, "scrollViewDidEndScrollingAnimation(_:)"),
    (.layoutSubviews, "layoutSubviews(_:)"),
    (.scrollViewWillTransition, "scrollViewWillTransition(_:to:targetContentOffset:)"),
  ]

  /// The names of the hooks in the set, in the protocol's order.
  public var names: [String] { Self.named.filter { contains($0.hook) }.map(\.name) }

  /// The base names of the hooks in the set (`layoutSubviews`), in the protocol's order.
  public var shortNames: [String] {
    names.map { String($0.prefix { $0 != "(" }) }
  }
}

/// What a replay learnt of an engine's hooks: which the scroll view called, and which of those
/// the protocol's default implementations answered because the engine has none of its own.
///
/// Swift picks a hook's implementation by its exact name and labels. A method written with
/// UIKit's labels (`scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`) or a
/// near-miss (`layoutSubviews(scrollView:)`) compiles without a warning when the conformance is
/// declared on the type, and is never called: the default answers. This log is how a replay
/// tells.
public struct DelegateHookLog: Sendable, Hashable {
  /// The hooks the scroll view called.
  public private(set) var called: DelegateHooks = []
  /// The hooks called that the protocol's default implementations answered.
  public private(set) var answeredByDefault: DelegateHooks = []

  /// An empty log.
  public init() {}

  /// The hooks called that the engine implements itself.
  public var implemented: DelegateHooks { called.subtracting(answeredByDefault) }

  /// Notes that the scroll view calls `hook`.
  mutating func call(_ hook: DelegateHooks) { called.formUnion(hook) }

  /// Notes that the protocol's default implementation of `hook` answered.
  mutating func answerByDefault(_ hook: DelegateHooks) { answeredByDefault.formUnion(hook) }

  /// The log of several replays together.
  public mutating func merge(_ other: DelegateHookLog) {
    called.formUnion(other.called)
    answeredByDefault.formUnion(other.answeredByDefault)
  }
}
