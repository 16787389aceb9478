// scrolltrace — what the screen around a self-sizing list does when the keyboard moves.

public import TraceCore

extension SelfSizingEngine {
  /// Moves the bottom inset for the keyboard as the policy's screen does
  /// (``SelfSizingPolicy/keyboardHandling``): the inset alone, or ChatLayout's example, which
  /// keeps the last visible item at its distance above the keyboard (``BottomItemSnapshot``).
  public mutating func keyboardWillChangeFrame(
    _ keyboard: KeyboardChange, scrollView: inout ScrollView, at time: Int64
  ) {
    let inset = scrollView.contentInsetBottom(clearing: keyboard)
    switch policy.keyboardHandling {
    case .insetOnly:
      scrollView.setContentInsetBottom(inset, at: time, delegate: &self)
    case .keepingBottomItem:
      // The example's guards: the inset adjusts for the safe area, the keyboard's top is above
      // the collection view's bottom, and the new inset is positive and new.
      guard scrollView.geometry.adjustmentBehavior != .never, keyboard.overlap > 0, inset > 0,
        inset != scrollView.geometry.contentInset.bottom
      else { return }
      // The snapshot reads the layout as it stands: a pass still pending runs first.
      if scrollView.needsLayout { layoutSubviews(&scrollView) }
      let snapshot = BottomItemSnapshot.taken(in: column, viewport(of: scrollView))
      scrollView.setContentInsetBottom(inset, at: time, delegate: &self)
      if let snapshot, !scrollView.isDragging, !scrollView.isDecelerating,
        let target = snapshot.contentOffset(in: column, viewport(of: scrollView)),
        target != scrollView.contentOffset.y
      {
        scrollView.contentOffset = Point(x: scrollView.contentOffset.x, y: target)
      }
      layOut(&scrollView)
    }
  }
}
