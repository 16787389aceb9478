// A stand-in for the UIKit declarations the recorder's adapter and the example glue use, so that
// their own source type-checks on Linux. Never part of a product: on Apple platforms they build
// against the real UIKit. Each signature follows Apple's documentation, cited; bodies do nothing,
// but for a view's gesture recognizers, which the adapter's tests look at (Views.swift).

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
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/shared;
  /// unavailable in app extensions.
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  public static var shared: UIApplication { UIApplication() }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/willresignactivenotification.
  nonisolated public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification.
  nonisolated public static let didEnterBackgroundNotification = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/willterminatenotification.
  nonisolated public static let willTerminateNotification = Notification.Name(
    "UIApplicationWillTerminateNotification")
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:).
  open func beginBackgroundTask(
    withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier { .invalid }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:).
  open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Sendable, Hashable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid.
  public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscene (iOS 13).
@MainActor
open class UIScene {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscene/willdeactivatenotification.
  nonisolated public static let willDeactivateNotification = Notification.Name(
    "UISceneWillDeactivateNotification")
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification.
  nonisolated public static let didEnterBackgroundNotification = Notification.Name(
    "UISceneDidEnterBackgroundNotification")
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator.
@MainActor
public protocol UIViewControllerTransitionCoordinator {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/transitionduration.
  var transitionDuration: TimeInterval { get }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscreen; unavailable on
/// visionOS, where a window has no screen.
@available(visionOS, unavailable)
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
