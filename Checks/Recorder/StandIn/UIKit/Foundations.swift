// A stand-in for the UIKit declarations the recorder's adapter and the example glue use, so that
// their own source type-checks on Linux. Never part of a product: on Apple platforms they build
// against the real UIKit. Each signature follows Apple's documentation, cited; bodies do nothing.

public import Foundation

/// The Objective-C selector type (https://developer.apple.com/documentation/objectivec/selector),
/// which UIKit's target-action initializers take; the adapter passes `nil`.
public struct Selector: Sendable {}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiedgeinsets.
public struct UIEdgeInsets: Sendable, Hashable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiedgeinsets/init(top:left:bottom:right:).
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

extension IndexPath {
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/indexpath/init(row:section:).
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/indexpath/init(item:section:).
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/indexpath/row.
  public var row: Int { self[1] }
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/indexpath/item.
  public var item: Int { self[1] }
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/indexpath/section.
  public var section: Int { self[0] }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication.
@MainActor
open class UIApplication {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/willresignactivenotification.
  nonisolated public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator.
@MainActor
public protocol UIViewControllerTransitionCoordinator {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/transitionduration.
  var transitionDuration: TimeInterval { get }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen.
@MainActor
open class UIScreen {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen/bounds.
  open var bounds: CGRect { .zero }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen/scale.
  open var scale: CGFloat { 1 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen/maximumframespersecond.
  open var maximumFramesPerSecond: Int { 60 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen/coordinatespace.
  open var coordinateSpace: any UICoordinateSpace { UIView() }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uidevice.
@MainActor
open class UIDevice {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uidevice/current.
  public static var current: UIDevice { UIDevice() }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uidevice/model.
  open var model: String { "" }
}
