import Foundation

/// Lays its children out in a row or a column, with flexbox's growing, shrinking, wrapping and
/// alignment; Texture's `ASStackLayoutSpec`.
///
/// Defaults (Texture's `init()`): horizontal, spacing 0, justifyContent start, alignItems
/// stretch, noWrap, alignContent start, lineSpacing 0. The algorithm is Texture's, phase by phase:
/// see `Layout/Stack/`. With `isConcurrent`, children are measured on several threads.
/// Configure on one thread, then lay out from any.
open class ASStackLayoutSpec: ASLayoutSpec, @unchecked Sendable {
    public var direction: ASStackLayoutDirection
    public var spacing: CGFloat
    public var justifyContent: ASStackLayoutJustifyContent
    public var alignItems: ASStackLayoutAlignItems
    public var flexWrap: ASStackLayoutFlexWrap
    public var alignContent: ASStackLayoutAlignContent
    public var lineSpacing: CGFloat
    /// Measure children concurrently (Texture's `concurrent`); false by default.
    public var isConcurrent = false

    public init(direction: ASStackLayoutDirection = .horizontal, spacing: CGFloat = 0,
                justifyContent: ASStackLayoutJustifyContent = .start, alignItems: ASStackLayoutAlignItems = .stretch,
                flexWrap: ASStackLayoutFlexWrap = .noWrap, alignContent: ASStackLayoutAlignContent = .start,
                lineSpacing: CGFloat = 0, children: [any ASLayoutElement] = []) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        super.init()
        self.children = children
    }

    /// Texture's `verticalStackLayoutSpec()`.
    public static func vertical() -> ASStackLayoutSpec { ASStackLayoutSpec(direction: .vertical) }
    /// Texture's `horizontalStackLayoutSpec()`.
    public static func horizontal() -> ASStackLayoutSpec { ASStackLayoutSpec(direction: .horizontal) }

    /// Sets justification (horizontal stacks) or alignment (vertical stacks) the way Texture's
    /// `horizontalAlignment` does.
    public var horizontalAlignment: ASHorizontalAlignment = .none {
        didSet {
            guard horizontalAlignment != .none else { return }
            let map: [ASHorizontalAlignment: (ASStackLayoutJustifyContent, ASStackLayoutAlignItems)] =
                [.left: (.start, .start), .middle: (.center, .center), .right: (.end, .end)]
            guard let (justify, align) = map[horizontalAlignment] else { return }
            if direction == .horizontal { justifyContent = justify } else { alignItems = align }
        }
    }

    /// Sets justification (vertical stacks) or alignment (horizontal stacks) the way Texture's
    /// `verticalAlignment` does.
    public var verticalAlignment: ASVerticalAlignment = .none {
        didSet {
            guard verticalAlignment != .none else { return }
            let map: [ASVerticalAlignment: (ASStackLayoutJustifyContent, ASStackLayoutAlignItems)] =
                [.top: (.start, .start), .center: (.center, .center), .bottom: (.end, .end)]
            guard let (justify, align) = map[verticalAlignment] else { return }
            if direction == .vertical { justifyContent = justify } else { alignItems = align }
        }
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        guard !children.isEmpty else { return ASLayout(layoutElement: self, size: constrainedSize.min) }
        let style = StackStyle(direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
                               flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing)
        let unpositioned = StackUnpositionedLayout.compute(children: children, style: style, range: constrainedSize, concurrent: isConcurrent)
        let positioned = StackPositionedLayout.compute(unpositioned, style: style, range: constrainedSize)
        if direction == .vertical {
            self.style.ascender = children.first!.style.ascender
            self.style.descender = children.last!.style.descender
        }
        return ASLayout(layoutElement: self, size: positioned.size, sublayouts: positioned.items.map(\.layout))
    }
}
