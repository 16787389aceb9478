// Stand-in views: see Foundations.swift.

public import Foundation

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiresponder.
@MainActor
open class UIResponder {
  /// NSObject's `init()`, which UIResponder and its subclasses inherit.
  public init() {}

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiresponder/keyboardwillchangeframenotification.
  @available(tvOS, unavailable)
  nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiresponder/keyboardframeenduserinfokey.
  @available(tvOS, unavailable)
  nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiresponder/keyboardanimationdurationuserinfokey.
  @available(tvOS, unavailable)
  nonisolated public static let keyboardAnimationDurationUserInfoKey =
    "UIKeyboardAnimationDurationUserInfoKey"
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiresponder/keyboardanimationcurveuserinfokey.
  @available(tvOS, unavailable)
  nonisolated public static let keyboardAnimationCurveUserInfoKey =
    "UIKeyboardAnimationCurveUserInfoKey"
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uicoordinatespace.
@MainActor
public protocol UICoordinateSpace: AnyObject {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicoordinatespace/bounds.
  var bounds: CGRect { get }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicoordinatespace/convert(_:from:)-6lnhq.
  func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

extension NSValue {
  /// Apple's documentation: https://developer.apple.com/documentation/foundation/nsvalue/cgrectvalue.
  public var cgRectValue: CGRect { .zero }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview.
@MainActor
open class UIView: UIResponder, UICoordinateSpace {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/bounds.
  open var bounds: CGRect = .zero
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/frame.
  open var frame: CGRect = .zero
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/safeareainsets.
  open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/window.
  open var window: UIWindow? { nil }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/addgesturerecognizer(_:).
  open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
  }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/removegesturerecognizer(_:).
  open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
    gestureRecognizers?.removeAll { $0 === gestureRecognizer }
  }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/gesturerecognizers.
  ///
  /// The one piece of state the stand-in keeps, with `addGestureRecognizer(_:)` and
  /// `removeGestureRecognizer(_:)`, so that the adapter's tests see what it leaves in a window.
  open var gestureRecognizers: [UIGestureRecognizer]?
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicoordinatespace/convert(_:from:)-6lnhq.
  open func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiview/convert(_:to:)-2kf3d
  /// (`nil`: the window's coordinates).
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiwindow.
@MainActor
open class UIWindow: UIView {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiwindow/screen;
  /// unavailable on visionOS.
  @available(visionOS, unavailable)
  open var screen: UIScreen { UIScreen() }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview.
@MainActor
open class UIScrollView: UIView {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior-swift.enum.
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic = 0
    case scrollableAxes = 1
    case never = 2
    case always = 3
  }

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset.
  open var contentOffset: CGPoint = .zero
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/contentsize.
  open var contentSize: CGSize = .zero
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/contentinset.
  open var contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/contentinsetadjustmentbehavior-swift.property.
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset
  /// (read-only, iOS 11).
  open var adjustedContentInset: UIEdgeInsets { contentInset }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uiscrollview/pangesturerecognizer
  /// (read-only).
  open var panGestureRecognizer: UIPanGestureRecognizer {
    UIPanGestureRecognizer(target: nil, action: nil)
  }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview.
@MainActor
open class UITableView: UIScrollView {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/numberofsections.
  open var numberOfSections: Int { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:).
  open func numberOfRows(inSection section: Int) -> Int { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/rectforrow(at:).
  open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/rectforheader(insection:).
  open func rectForHeader(inSection section: Int) -> CGRect { .zero }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/tableheaderview.
  open var tableHeaderView: UIView?
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/tablefooterview.
  open var tableFooterView: UIView?
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/rectforfooter(insection:).
  open func rectForFooter(inSection section: Int) -> CGRect { .zero }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/rowheight.
  open var rowHeight: CGFloat = UITableView.automaticDimension
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/estimatedrowheight.
  open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uitableview/automaticdimension
  /// (a C constant, `UITableViewAutomaticDimension`, so not isolated to the main actor).
  nonisolated public static let automaticDimension: CGFloat = -1
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview.
@MainActor
open class UICollectionView: UIScrollView {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/scrolldirection.
  public enum ScrollDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
  }

  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader.
  nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionfooter.
  nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/collectionviewlayout.
  open var collectionViewLayout = UICollectionViewLayout()
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/numberofsections.
  open var numberOfSections: Int { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionview/numberofitems(insection:).
  open func numberOfItems(inSection section: Int) -> Int { 0 }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayout.
@MainActor
open class UICollectionViewLayout {
  public init() {}
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayout/layoutattributesforitem(at:).
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayout/layoutattributesforsupplementaryview(ofkind:at:).
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayout/collectionviewcontentsize.
  open var collectionViewContentSize: CGSize { .zero }
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/scrolldirection.
  open var scrollDirection: UICollectionView.ScrollDirection = .vertical
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/estimateditemsize.
  open var estimatedItemSize: CGSize = .zero
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/automaticsize
  /// (a C constant, `UICollectionViewFlowLayoutAutomaticSize`, so not isolated to the main actor).
  nonisolated public static let automaticSize = CGSize(
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
}

/// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes.
@MainActor
open class UICollectionViewLayoutAttributes {
  /// Apple's documentation: https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/frame.
  open var frame: CGRect = .zero
}
