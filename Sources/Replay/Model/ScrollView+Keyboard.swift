// scrolltrace — the bottom inset an app gives the keyboard, and what the offset does.

public import TraceCore

extension ScrollView {
  /// The bottom content inset that clears `keyboard`, in points: the keyboard's overlap of the
  /// scroll view less the part of it the adjusted inset already holds (the bottom safe area, when
  /// ``ScrollGeometry/adjustmentBehavior`` adds it), and never negative.
  ///
  /// The formula the apps' answer to `keyboardWillChangeFrameNotification` uses: Apple's "Managing
  /// the Keyboard" (Text Programming Guide for iOS, "Moving Content That Is Located Under the
  /// Keyboard") sets `contentInset.bottom` to the keyboard's height, and
  /// ekazaev/ChatLayout's example app subtracts the safe area
  /// (`collectionView.frame.maxY − keyboardFrame.minY − collectionView.safeAreaInsets.bottom`).
  public func contentInsetBottom(clearing keyboard: KeyboardChange) -> Double {
    let safeArea = geometry.adjustedContentInset.bottom - geometry.contentInset.bottom
    return max(0, keyboard.overlap - safeArea)
  }

  /// Sets the bottom content inset to `bottom` points at `time`, as an app does inside its
  /// keyboard notification.
  ///
  /// The offset stays where it was — Apple's listing scrolls the edited field into view itself
  /// after setting the inset (`scrollRectToVisible(_:animated:)`), the inset alone not moving the
  /// content — unless it now lies outside the valid range, where the resize policy moves it as for
  /// any geometry change (``ResizePolicy``).
  public mutating func setContentInsetBottom<Delegate: ScrollViewDelegate>(
    _ bottom: Double, at time: Int64, delegate: inout Delegate
  ) {
    var new = geometry
    new.contentInset.bottom = bottom
    setGeometry(new, at: time, delegate: &delegate)
  }
}

/// What the screen around a scroll view does when the keyboard's frame changes.
public enum KeyboardHandling: Sendable, Hashable {
  /// The bottom inset follows the keyboard (``ScrollView/contentInsetBottom(clearing:)``) and the
  /// offset stays: Apple's "Managing the Keyboard" listing, the common answer. At the bottom of a
  /// list the keyboard rises over the last items.
  case insetOnly
  /// ekazaev/ChatLayout's example app (`ChatViewController.keyboardWillChangeFrame`): only while
  /// the keyboard's top is above the scroll view's bottom and the new inset is positive and
  /// different, it takes a snapshot of the last visible item's distance above the bottom of the
  /// visible area (`getContentOffsetSnapshot(from: .bottom)`), sets the inset inside a batch
  /// update, and, unless the user is scrolling (`isDragging || isDecelerating`), puts the item
  /// back at that distance (`restoreContentOffset(with:)`), so it rides up with the keyboard.
  case keepingBottomItem
}
