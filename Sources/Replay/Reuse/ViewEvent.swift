// scrolltrace — one step in a reusable view's life.

/// One step in the life of a view an engine shows, after UIKit's cell lifecycle: what an engine
/// reports in ``EngineFrame/viewEvents`` and the reuse analyzer checks, view by view.
///
/// The order of a view's events is `created`, then any number of rounds of `configured`,
/// `enqueued`, `preparedForReuse`, `reused`, and at most one `removed`. The reuse analyzer counts
/// each kind and the steps out of that order (a view reused while in use, enqueued twice, shown
/// after it was removed).
public struct ViewEvent: Sendable, Hashable {
  /// What happened to the view.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A new view was made because the queue had none for its identifier: a registered class's
    /// `init(style:reuseIdentifier:)` or a nib loaded by `dequeueReusableCell(withIdentifier:for:)`.
    case created
    /// The view was given an item's content: the data source filling a dequeued cell
    /// (`tableView(_:cellForRowAt:)`, `collectionView(_:cellForItemAt:)`).
    case configured
    /// `prepareForReuse()` ran on a queued view, just before `dequeue` handed it out again. UIKit
    /// never calls it on a new view.
    case preparedForReuse
    /// A queued view was handed out again by `dequeue`.
    case reused
    /// The view went back to the reuse queue: it left the screen
    /// (`tableView(_:didEndDisplaying:forRowAt:)`, then the queue).
    case enqueued
    /// The view left for good: removed from the hierarchy and not queued (released).
    case removed
  }

  /// The view: a number unique within one engine's replay.
  public var view: Int
  /// The view's reuse identifier.
  public var identifier: String
  /// What happened.
  public var kind: Kind

  /// Creates an event.
  public init(_ kind: Kind, view: Int, identifier: String) {
    self.kind = kind
    self.view = view
    self.identifier = identifier
  }
}
