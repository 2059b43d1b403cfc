import Foundation

/// Texture's text placeholder: with `placeholderEnabled`, a box of `placeholderColor` where each
/// line of text will be, following the text's wrapping, shown while the text is not yet
/// displayed. Weft shows it in real-time frame sequences (`ASCollectionNode`'s placeholders), in
/// place of a cell's text nodes that have not drawn yet, and gives it as `placeholderImage()`.
///
/// Thread safety: the settings are `textState`'s (`ASTextNode.TextState.placeholder`).
extension ASTextNode {
    /// The placeholder settings, owned by `textState`'s mutex.
    struct PlaceholderState {
        var color: UIColor? = ASDisplayNodeDefaultPlaceholderColor()
        var insets = UIEdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    }

    /// Texture's `placeholderColor`; `ASDisplayNodeDefaultPlaceholderColor()` by default. As in
    /// Texture, setting it to another colour enables the placeholder (`placeholderEnabled`) when
    /// that colour is visible (alpha above 0) and disables it otherwise (nil included); the same
    /// colour again changes nothing.
    public var placeholderColor: UIColor? {
        get { textState.withLock { $0.placeholder.color } }
        set {
            let changed = textState.withLock { s -> Bool in
                guard s.placeholder.color != newValue else { return false }
                s.placeholder.color = newValue
                return true
            }
            if changed { placeholderEnabled = (newValue?.alpha ?? 0) > 0 }
        }
    }

    /// Texture's `placeholderInsets`: each line's box is inset by these; 1 pt at the top and
    /// bottom by default. A value that is not finite is reported and 0 used.
    public var placeholderInsets: UIEdgeInsets {
        get { textState.withLock { $0.placeholder.insets } }
        set {
            var insets = newValue
            for keyPath in [\UIEdgeInsets.top, \.left, \.bottom, \.right] where !insets[keyPath: keyPath].isFinite {
                insets[keyPath: keyPath] = 0
            }
            if insets != newValue {
                WeftDiagnostics.report(.text, diagnosticSubject, "placeholderInsets \(newValue) are not finite; \(insets) used")
            }
            textState.withLock { $0.placeholder.insets = insets }
        }
    }

    /// The placeholder's boxes and colour, in the node's coordinates: each shown line's box,
    /// inset by `placeholderInsets` and made integral, as Texture fills them; nil when the
    /// placeholder is disabled, has no colour, or the node has no size.
    func placeholderBoxes() -> (rects: [CGRect], color: UIColor)? {
        guard placeholderEnabled else { return nil }
        let settings = textState.withLock { $0.placeholder }
        guard let color = settings.color else { return nil }
        let size = calculatedSize == .zero ? bounds.size : calculatedSize
        guard size.width * size.height > 0 else { return nil }
        let layout = shownLayout()
        let inset = textState.withLock { $0.textContainerInset }
        let width = Self.textSize(in: size, inset: inset).width
        let rects = TextLayoutEngine.lineRects(of: layout, width: width, subject: diagnosticSubject).compactMap { line -> CGRect? in
            let box = line.offsetBy(dx: inset.left, dy: inset.top).inset(by: settings.insets).integral
            return box.width > 0 && box.height > 0 ? box : nil
        }
        return (rects, color)
    }

    /// The placeholder's boxes drawn at the node's size, at scale 1 as in Texture; nil when there
    /// is nothing to draw. What `placeholderImage()` answers for a text node.
    func linePlaceholderImage() -> UIImage? {
        guard let (rects, color) = placeholderBoxes() else { return nil }
        let size = calculatedSize == .zero ? bounds.size : calculatedSize
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            color.setFill()
            for rect in rects { context.fill(rect) }
        }
    }
}

extension ASDisplayNode {
    /// The placeholders of the text nodes in this subtree that have not displayed at `scale` yet,
    /// in this node's coordinates: what a frame shows for them while the node is not ready.
    /// Walks the tree iteratively; hidden subtrees are left out.
    func pendingTextPlaceholders(scale: CGFloat) -> [(rects: [CGRect], color: UIColor)] {
        var found: [(rects: [CGRect], color: UIColor)] = []
        var pending: [(node: ASDisplayNode, origin: CGPoint)] = [(self, .zero)]
        while let (node, origin) = pending.popLast() {
            let (hidden, bounds, subnodes) = node.state.withLock { ($0.isHidden, $0.bounds, $0.subnodes) }
            guard !hidden else { continue }
            // The setting first: most text nodes have no placeholder, and the display check and
            // the line boxes cost more than a lock.
            if let text = node as? ASTextNode, text.placeholderEnabled, !text.isDisplayCurrentRecursively(scale: scale),
               let boxes = text.placeholderBoxes(), !boxes.rects.isEmpty {
                found.append((boxes.rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) }, boxes.color))
            }
            for subnode in subnodes {
                let frame = subnode.frame
                pending.append((subnode, CGPoint(x: origin.x + frame.minX - bounds.minX, y: origin.y + frame.minY - bounds.minY)))
            }
        }
        return found
    }
}
