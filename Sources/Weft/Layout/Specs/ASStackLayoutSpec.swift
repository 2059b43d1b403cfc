import Foundation

/// Lays its children out in a row or a column, with flexbox's growing, shrinking, wrapping and
/// alignment; Texture's `ASStackLayoutSpec`.
///
/// Defaults (Texture's `init()`): horizontal, spacing 0, justifyContent start, alignItems
/// stretch, noWrap, alignContent start, lineSpacing 0. The algorithm is Texture's, phase by phase:
/// see `Layout/Stack/`. With `isConcurrent`, children are measured on several threads.
///
/// Right to left (the traits' `layoutDirection`, or the node's `semanticContentAttribute`), the
/// layout is the mirror image of the left-to-right one, as a UIStackView's with its leading and
/// trailing edges: a horizontal stack puts its first child rightmost, `justifyContent` `.start`
/// at the right edge and `.end` at the left, spacing, flexible space and `spaceBetween` mirrored;
/// a vertical stack's cross axis is mirrored too, so `alignItems` `.start` is the right edge (a
/// UIStackView's `.leading`), `.end` the left, and a centred child whose offset rounded to the
/// left moves the same amount to the right. `horizontalAlignment` `.left` and `.right` mean
/// start and end (Texture's shorthand), so they flip too. Heights and vertical positions never change.
/// Configure on one thread, then lay out from any.
open class ASStackLayoutSpec: ASLayoutSpec {
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
            let position: Int? = [.left: 0, .middle: 1, .right: 2][horizontalAlignment]
            applyShorthand(position, justifiesWhen: .horizontal)
        }
    }

    /// Sets justification (vertical stacks) or alignment (horizontal stacks) the way Texture's
    /// `verticalAlignment` does.
    public var verticalAlignment: ASVerticalAlignment = .none {
        didSet {
            let position: Int? = [.top: 0, .center: 1, .bottom: 2][verticalAlignment]
            applyShorthand(position, justifiesWhen: .vertical)
        }
    }

    /// Start (0), centre (1) or end (2): the stack's justification when it runs along that axis,
    /// its item alignment otherwise.
    private func applyShorthand(_ position: Int?, justifiesWhen axis: ASStackLayoutDirection) {
        guard let position else { return }
        if direction == axis {
            justifyContent = [ASStackLayoutJustifyContent.start, .center, .end][position]
        } else {
            alignItems = [ASStackLayoutAlignItems.start, .center, .end][position]
        }
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        guard !children.isEmpty else { return ASLayout(layoutElement: self, size: constrainedSize.min) }
        // A NaN or infinite spacing would make every position after it NaN: use 0 and say so.
        var issues: [ASLayoutIssue] = []
        func finite(_ value: CGFloat, _ property: String) -> CGFloat {
            if value.isFinite { return value }
            issues.append(.invalidValue(element: ASLayout.name(of: self), property: property, value: value))
            return 0
        }
        let style = StackStyle(direction: direction, spacing: finite(spacing, "spacing"), justifyContent: justifyContent, alignItems: alignItems,
                               flexWrap: flexWrap, alignContent: alignContent, lineSpacing: finite(lineSpacing, "lineSpacing"))
        let unpositioned = StackUnpositionedLayout.compute(children: children, style: style, range: constrainedSize, concurrent: isConcurrent)
        let positioned = StackPositionedLayout.compute(unpositioned, style: style, range: constrainedSize)
        if direction == .vertical {
            self.style.ascender = children.first!.layoutStyleValues.ascender
            self.style.descender = children.last!.layoutStyleValues.descender
        }
        var sublayouts = positioned.items.map(\.layout)
        // Right to left, the row starts at the right edge: see `isRightToLeft` in the doc above.
        if isRightToLeft { sublayouts = LayoutMirroring.mirrored(sublayouts, inWidth: positioned.size.width) }
        return ASLayout(layoutElement: self, size: positioned.size, sublayouts: sublayouts, issues: issues)
    }
}
