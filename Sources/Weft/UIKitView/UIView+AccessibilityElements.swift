import Foundation

extension UIView {
    /// The elements VoiceOver would read in this view's hierarchy, in reading order, frames in
    /// this view's coordinates: UIKit's rules, as `AccessibilityHierarchy` applies them to nodes.
    ///
    /// - A view that `isAccessibilityElement` is one element; its subviews are not read.
    /// - A hidden view, one with alpha 0 or with `accessibilityElementsHidden`, is skipped with
    ///   its subviews. When subviews have `accessibilityViewIsModal`, only the last is searched.
    /// - A node's view (an `ASDKViewController`'s, a collection's or table's) gives its node's
    ///   elements (`ASDisplayNode.accessibilityElementsInReadingOrder()`), then its UIKit subviews'.
    /// - `shouldGroupAccessibilityChildren` keeps a view's elements together, placed by their
    ///   union frame. Reading order: top to bottom, then from the leading edge, as for nodes.
    ///
    /// Hierarchies deeper than `WeftLimits.maximumTreeDepth` are cut there and reported.
    /// Main-actor isolated, as views are.
    public func accessibilityElementsInReadingOrder() -> [AccessibilityElement] {
        layoutIfNeeded()
        var cut = false
        let items = accessibilityItems(offset: CGPoint(x: -bounds.minX, y: -bounds.minY), depth: 0, cut: &cut, isRoot: true)
        if cut {
            WeftDiagnostics.report(.accessibility, "\(type(of: self)) \(frame)",
                                   "accessibilityElementsInReadingOrder: views deeper than WeftLimits.maximumTreeDepth (\(WeftLimits.maximumTreeDepth)) were left out")
        }
        return AccessibilityHierarchy.flattened(AccessibilityHierarchy.sorted(items, rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft))
    }

    /// This view's items, its bounds origin at `offset` in the root's coordinates.
    private func accessibilityItems(offset: CGPoint, depth: Int, cut: inout Bool, isRoot: Bool) -> [AccessibilityItem] {
        guard depth <= WeftLimits.maximumTreeDepth else {
            cut = true
            return []
        }
        guard !isHidden, alpha > 0, !accessibilityElementsHidden else { return [] }
        // Where this view's frame lies in the root's coordinates (the root's is its bounds).
        let frameOrigin = isRoot ? CGPoint(x: offset.x + bounds.minX, y: offset.y + bounds.minY)
                                 : CGPoint(x: offset.x + frame.minX, y: offset.y + frame.minY)
        let rect = CGRect(origin: frameOrigin, size: bounds.size)
        if isAccessibilityElement {
            return [.element(AccessibilityElement(label: accessibilityLabel, traits: accessibilityTraits,
                                                  frame: accessibility.frame ?? rect, activationPoint: CGPoint(x: rect.midX, y: rect.midY),
                                                  identifier: accessibilityIdentifier, language: accessibilityLanguage,
                                                  nodeClass: String(describing: type(of: self))))]
        }
        var items: [AccessibilityItem] = []
        if let node = (self as? ASDisplayNodeView)?.node ?? (self as? UIScrollView)?.scrollingNode {
            items = node.accessibilityElementsInReadingOrder().map { element in
                var placed = element
                placed.frame = element.frame.offsetBy(dx: frameOrigin.x, dy: frameOrigin.y)
                placed.activationPoint = CGPoint(x: element.activationPoint.x + frameOrigin.x, y: element.activationPoint.y + frameOrigin.y)
                return .element(placed)
            }
        }
        let childOffset = CGPoint(x: frameOrigin.x - bounds.minX, y: frameOrigin.y - bounds.minY)
        let searched = ownSubviews.last(where: \.accessibilityViewIsModal).map { [$0] } ?? ownSubviews
        for subview in searched {
            items += StackSpace.ensuringSpace { subview.accessibilityItems(offset: childOffset, depth: depth + 1, cut: &cut, isRoot: false) }
        }
        guard shouldGroupAccessibilityChildren, !items.isEmpty else { return items }
        return [.grouped(AccessibilityHierarchy.sorted(items, rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft))]
    }
}
