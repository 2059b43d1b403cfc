import Foundation

/// The second phase of a stack layout: place lines and items by justifyContent, alignContent and
/// each item's alignment; Texture's `ASStackPositionedLayout`. Positions are not rounded.
struct StackPositionedLayout {
    var items: [StackItem]
    var size: CGSize

    static func compute(_ layout: StackUnpositionedLayout, style: StackStyle, range: ASSizeRange) -> StackPositionedLayout {
        let axis = style.axis
        guard !layout.lines.isEmpty else { return StackPositionedLayout(items: [], size: range.min) }
        let crossViolation = StackUnpositionedLayout.crossViolation(layout.crossDimensionSum, style: style, range: range)
        let (crossOffset, crossSpacing) = distribute(crossViolation, count: layout.lines.count, mode: contentMode(style.alignContent))

        var positioned: [StackItem] = []
        var p = axis.point(stack: 0, cross: crossOffset)
        for (lineIndex, line) in layout.lines.enumerated() {
            if lineIndex > 0 { p = add(p, axis.point(stack: 0, cross: crossSpacing + style.lineSpacing)) }
            let stackViolation = StackUnpositionedLayout.stackViolation(line.stackDimensionSum, style: style, range: range)
            let (stackOffset, stackSpacing) = distribute(stackViolation, count: line.items.count, mode: justifyMode(style.justifyContent))
            if style.direction == .vertical { p.y = stackOffset } else { p.x = stackOffset }
            var q = p
            for (index, item) in line.items.enumerated() {
                q = add(q, axis.point(stack: item.style.spacingBefore, cross: 0))
                if index > 0 { q = add(q, axis.point(stack: style.spacing + stackSpacing, cross: 0)) }
                var item = item
                item.layout = item.layout.positioned(at: add(q, axis.point(stack: 0, cross: itemCrossOffset(item, in: line, style: style))))
                q = add(q, axis.point(stack: axis.stack(item.layout.size) + item.style.spacingAfter, cross: 0))
                positioned.append(item)
            }
            p = add(p, axis.point(stack: -stackOffset, cross: line.crossSize))
        }
        let size = range.clamp(axis.size(stack: layout.stackDimensionSum, cross: layout.crossDimensionSum))
        return StackPositionedLayout(items: positioned, size: size)
    }

    private static func add(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }

    private static func itemCrossOffset(_ item: StackItem, in line: StackLine, style: StackStyle) -> CGFloat {
        let cross = style.axis.cross(item.layout.size)
        switch style.alignment(of: item) {
        case .end: return line.crossSize - cross
        case .center: return ASFloorPixelValue((line.crossSize - cross) / 2)
        case .baselineFirst, .baselineLast: return line.baseline - StackUnpositionedLayout.baseline(of: item, style: style)
        case .start, .stretch, .notSet: return 0
        }
    }

    /// The shared distribution rule of justifyContent and alignContent.
    enum Distribution { case start, center, end, spaceBetween, spaceAround }

    private static func justifyMode(_ mode: ASStackLayoutJustifyContent) -> Distribution {
        switch mode {
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }

    private static func contentMode(_ mode: ASStackLayoutAlignContent) -> Distribution {
        switch mode {
        case .start, .stretch: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }

    /// The offset of the first element and the extra space between elements for `violation` of
    /// free space; spaceBetween falls back to start, and spaceAround to center, for one element or
    /// no free space.
    private static func distribute(_ violation: CGFloat, count: Int, mode: Distribution) -> (offset: CGFloat, spacing: CGFloat) {
        var mode = mode
        if mode == .spaceBetween && (violation < stackViolationEpsilon || count == 1) { mode = .start }
        if mode == .spaceAround && (violation < stackViolationEpsilon || count == 1) { mode = .center }
        switch mode {
        case .start: return (0, 0)
        case .center: return (violation / 2, 0)
        case .end: return (violation, 0)
        case .spaceBetween: return (0, violation / CGFloat(count - 1))
        case .spaceAround:
            let unit = violation / CGFloat(count * 2)
            return (unit, unit * 2)
        }
    }
}
