import Dispatch
import Foundation

/// The first phase of a stack layout: measure, break into lines, flex along the stack axis, size
/// lines and stretch across; Texture's `ASStackUnpositionedLayout`. Positions come after, in
/// `StackPositionedLayout`.
struct StackUnpositionedLayout {
    var lines: [StackLine] = []
    var stackDimensionSum: CGFloat = 0
    var crossDimensionSum: CGFloat = 0

    static func compute(children: [any ASLayoutElement], style: StackStyle, range: ASSizeRange, concurrent: Bool) -> StackUnpositionedLayout {
        guard !children.isEmpty else { return StackUnpositionedLayout() }
        let axis = style.axis
        // A fixed size on an axis is the parent size children resolve fractions against.
        let parentSize = CGSize(width: range.min.width == range.max.width ? range.min.width : .nan,
                                height: range.min.height == range.max.height ? range.min.height : .nan)
        let optimizedFlexing = children.filter { isFlexibleInBothDirections($0.layoutStyleValues) }.count == 1
            && axis.stack(range.min) == axis.stack(range.max)

        var items = children.map { StackItem(child: $0, style: $0.layoutStyleValues, layout: ASLayout(layoutElement: $0, size: .zero)) }
        let crossMin = axis.cross(range.min), crossMax = axis.cross(range.max)
        apply(&items, concurrent: concurrent) { item in
            // With one child flexible both ways and a fixed stack length, that child is sized by
            // flexing alone: skip its intrinsic measurement.
            if optimizedFlexing && isFlexibleInBothDirections(item.style) { return nil }
            let parentStack = axis.stack(parentSize)
            return crossChildLayout(item, style: style,
                                    stackMin: item.style.flexBasis.resolve(parentSize: parentStack, autoSize: 0),
                                    stackMax: item.style.flexBasis.resolve(parentSize: parentStack, autoSize: .infinity),
                                    crossMin: crossMin, crossMax: crossMax, parentSize: parentSize)
        }

        var lines = collectIntoLines(items, style: style, range: range)
        flexLines(&lines, style: style, range: range, parentSize: parentSize, concurrent: concurrent, optimizedFlexing: optimizedFlexing)
        computeCrossSizesAndBaselines(&lines, style: style, range: range)
        stretchLines(&lines, style: style, range: range, parentSize: parentSize, concurrent: concurrent)

        var result = StackUnpositionedLayout()
        for index in lines.indices {
            lines[index].stackDimensionSum = itemsStackDimensionSum(lines[index].items, style: style)
            result.stackDimensionSum = max(result.stackDimensionSum, lines[index].stackDimensionSum)
        }
        result.crossDimensionSum = linesCrossDimensionSum(lines, style: style)
        result.lines = lines
        return result
    }

    // MARK: Measuring

    static func isFlexibleInBothDirections(_ style: ASLayoutElementStyle.Values) -> Bool {
        style.flexGrow > 0 && style.flexShrink > 0
    }

    /// Lays a child out with a stack-axis range and the cross range its alignment allows.
    static func crossChildLayout(_ item: StackItem, style: StackStyle, stackMin: CGFloat, stackMax: CGFloat,
                                 crossMin: CGFloat, crossMax: CGFloat, parentSize: CGSize) -> ASLayout {
        let axis = style.axis
        let stretch = style.alignment(of: item) == .stretch
        // A stretched child is at least crossMin unless its own size says smaller; an explicit 0
        // counts as unset, as in Texture.
        let own = item.style.sizeRange(parentSize: ASLayoutElementParentSizeUndefined)
        let ownMin = axis.cross(own.min), ownMax = axis.cross(own.max)
        let childCrossMin = stretch ? (ownMin != 0 ? ownMin : crossMin) : 0
        let childCrossMax = stretch ? (ownMax == .infinity ? crossMax : ownMax) : crossMax
        let childRange = axis.range(stackMin: stackMin, stackMax: stackMax, crossMin: childCrossMin, crossMax: childCrossMax)
        return item.child.layoutThatFits(childRange, parentSize: parentSize)
    }

    /// Runs `work` for every item, concurrently when asked, and stores the layouts it returns.
    static func apply(_ items: inout [StackItem], concurrent: Bool, _ work: @escaping (StackItem) -> ASLayout?) {
        apply(&items, concurrent: concurrent) { _, item in work(item) }
    }

    /// Runs `work` with each item's index, concurrently when asked, and stores the layouts it returns.
    static func apply(_ items: inout [StackItem], concurrent: Bool, _ work: @escaping (Int, StackItem) -> ASLayout?) {
        guard concurrent, items.count > 1 else {
            for index in items.indices {
                if let layout = work(index, items[index]) { items[index].layout = layout }
            }
            return
        }
        let results = ConcurrentSlots<ASLayout>(count: items.count)
        let snapshot = items
        let context = LayoutRecursionGuard.Context.capture()
        let box = UncheckedWork(work: work, items: snapshot)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            LayoutRecursionGuard.inheriting(context) {
                results.set(index, box.work(index, box.items[index]))
            }
        }
        for index in items.indices {
            if let layout = results.get(index) { items[index].layout = layout }
        }
    }

    // MARK: Lines

    static func itemsStackDimensionSum(_ items: [StackItem], style: StackStyle) -> CGFloat {
        let axis = style.axis
        var sum = items.isEmpty ? 0 : style.spacing * CGFloat(items.count - 1)
        for item in items { sum += item.style.spacingBefore + item.style.spacingAfter }
        for item in items { sum += axis.stack(item.layout.size) }
        return sum
    }

    static func linesCrossDimensionSum(_ lines: [StackLine], style: StackStyle) -> CGFloat {
        lines.reduce(lines.isEmpty ? 0 : style.lineSpacing * CGFloat(lines.count - 1)) { $0 + $1.crossSize }
    }

    static func stackViolation(_ sum: CGFloat, style: StackStyle, range: ASSizeRange) -> CGFloat {
        let low = style.axis.stack(range.min), high = style.axis.stack(range.max)
        if sum < low { return low - sum }
        if sum > high { return high - sum }
        return 0
    }

    static func crossViolation(_ sum: CGFloat, style: StackStyle, range: ASSizeRange) -> CGFloat {
        let low = style.axis.cross(range.min), high = style.axis.cross(range.max)
        if sum < low { return low - sum }
        if sum > high { return high - sum }
        return 0
    }

    /// A child starts a new line when spacing before + size + spacing after (+ the stack's spacing)
    /// would overflow the line.
    static func collectIntoLines(_ items: [StackItem], style: StackStyle, range: ASSizeRange) -> [StackLine] {
        guard style.flexWrap == .wrap else { return [StackLine(items: items)] }
        var lines: [StackLine] = []
        var lineItems: [StackItem] = []
        var lineSum: CGFloat = 0, interitem: CGFloat = 0
        for item in items {
            let itemAndSpacing = item.style.spacingBefore + style.axis.stack(item.layout.size) + item.style.spacingAfter
            let overflows = stackViolation(lineSum + interitem + itemAndSpacing, style: style, range: range) < 0
            if overflows && !lineItems.isEmpty {
                lines.append(StackLine(items: lineItems))
                lineItems = []
                lineSum = 0
                interitem = 0
            }
            lineItems.append(item)
            lineSum += interitem + itemAndSpacing
            interitem = style.spacing
        }
        lines.append(StackLine(items: lineItems))
        return lines
    }

    // MARK: Flexing

    /// Grows by floor(violation × grow ÷ Σgrow) with the remainder to the first growing child;
    /// shrinks by the violation weighted by size × shrink.
    static func flexLines(_ lines: inout [StackLine], style: StackStyle, range: ASSizeRange, parentSize: CGSize,
                          concurrent: Bool, optimizedFlexing: Bool) {
        let axis = style.axis
        let crossMin = axis.cross(range.min), crossMax = axis.cross(range.max)
        for lineIndex in lines.indices {
            var items = lines[lineIndex].items
            let violation = stackViolation(itemsStackDimensionSum(items, style: style), style: style, range: range)
            let factor: (StackItem) -> CGFloat = abs(violation) < stackViolationEpsilon
                ? { _ in 0 } : (violation > 0 ? { $0.style.flexGrow } : { $0.style.flexShrink })
            let factorSum = items.reduce(0) { $0 + factor($1) }
            if factorSum == 0 {
                if optimizedFlexing {
                    // Flexible children skipped in the first pass still need a layout: at zero length.
                    apply(&items, concurrent: concurrent) { item in
                        guard isFlexibleInBothDirections(item.style) else { return nil }
                        return crossChildLayout(item, style: style, stackMin: 0, stackMax: 0, crossMin: crossMin, crossMax: crossMax, parentSize: parentSize)
                    }
                    lines[lineIndex].items = items
                }
                continue
            }
            let adjustment: (StackItem) -> CGFloat
            if violation > 0 {
                adjustment = { (violation * ($0.style.flexGrow / factorSum)).rounded(.down) }
            } else {
                let scaledSum = items.reduce(0) { $0 + axis.stack($1.layout.size) * ($1.style.flexShrink / factorSum) }
                adjustment = { item in
                    guard scaledSum != 0 else { return 0 }
                    let ratio = axis.stack(item.layout.size) * (item.style.flexShrink / factorSum) / scaledSum
                    return -abs(ratio * violation)
                }
            }
            let remaining = items.reduce(violation) { $0 - adjustment($1) }
            guard let firstFlexible = items.firstIndex(where: { adjustment($0) != 0 }) else { continue }
            var flexed = items
            apply(&flexed, concurrent: concurrent) { index, item in
                let change = adjustment(item)
                guard change != 0 else { return nil }
                let length = axis.stack(item.layout.size) + change + (index == firstFlexible && item.style.flexGrow > 0 ? remaining : 0)
                return crossChildLayout(item, style: style, stackMin: max(length, 0), stackMax: max(length, 0),
                                        crossMin: crossMin, crossMax: crossMax, parentSize: parentSize)
            }
            lines[lineIndex].items = flexed
        }
    }

    // MARK: Cross sizes and stretching

    static func isBaselineAligned(_ item: StackItem, style: StackStyle) -> Bool {
        let alignment = style.alignment(of: item)
        return alignment == .baselineFirst || alignment == .baselineLast
    }

    static func baseline(of item: StackItem, style: StackStyle) -> CGFloat {
        switch style.alignment(of: item) {
        case .baselineFirst: return item.child.layoutStyleValues.ascender
        case .baselineLast: return style.axis.cross(item.layout.size) + item.child.layoutStyleValues.descender
        default: return 0
        }
    }

    static func computeCrossSizesAndBaselines(_ lines: inout [StackLine], style: StackStyle, range: ASSizeRange) {
        let axis = style.axis
        let minCross = axis.cross(range.min), maxCross = axis.cross(range.max)
        if lines.count == 1 && minCross == maxCross {
            lines[0].crossSize = minCross
            for item in lines[0].items where isBaselineAligned(item, style: style) {
                lines[0].baseline = max(lines[0].baseline, baseline(of: item, style: style))
            }
            return
        }
        for index in lines.indices {
            var startToBaseline: CGFloat = 0, baselineToEnd: CGFloat = 0, maxCrossSize: CGFloat = 0
            for item in lines[index].items {
                if isBaselineAligned(item, style: style) {
                    let b = baseline(of: item, style: style)
                    startToBaseline = max(startToBaseline, b)
                    baselineToEnd = max(baselineToEnd, axis.cross(item.layout.size) - b)
                } else {
                    maxCrossSize = max(maxCrossSize, axis.cross(item.layout.size))
                }
            }
            var crossSize = max(startToBaseline + baselineToEnd, maxCrossSize)
            if lines.count == 1 { crossSize = min(max(minCross, crossSize), maxCross) }
            lines[index].crossSize = crossSize
            lines[index].baseline = startToBaseline
        }
    }

    static func stretchLines(_ lines: inout [StackLine], style: StackStyle, range: ASSizeRange, parentSize: CGSize, concurrent: Bool) {
        let axis = style.axis
        let violation = crossViolation(linesCrossDimensionSum(lines, style: style), style: style, range: range)
        let stretchLines = lines.count > 1 && style.alignContent == .stretch && violation > stackViolationEpsilon
        let extra = violation / CGFloat(lines.count)
        for index in lines.indices {
            if stretchLines { lines[index].crossSize += extra }
            let crossSize = lines[index].crossSize
            apply(&lines[index].items, concurrent: concurrent) { item in
                guard style.alignment(of: item) == .stretch else { return nil }
                let cross = axis.cross(item.layout.size), stack = axis.stack(item.layout.size)
                guard crossSize - cross > stackViolationEpsilon else { return nil }
                return crossChildLayout(item, style: style, stackMin: stack, stackMax: stack, crossMin: crossSize, crossMax: crossSize, parentSize: parentSize)
            }
        }
    }
}

/// Result slots written by `concurrentPerform` iterations, one slot per iteration.
///
/// The storage is allocated once and never resized, so iterations writing different slots touch
/// disjoint memory. (A Swift array would not do: `withUnsafeMutableBufferPointer` on a shared array
/// checks uniqueness and may copy it, on several threads at once.)
private final class ConcurrentSlots<T>: @unchecked Sendable {
    // SAFETY: the buffer is allocated in `init` and freed in `deinit`, never reallocated; each index
    // is written by exactly one iteration and read only after all have finished (concurrentPerform
    // returns after the last, which orders the writes before the reads).
    private let slots: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
    func set(_ index: Int, _ value: T?) { slots[index] = value }
    func get(_ index: Int) -> T? { slots[index] }
}

/// The work and items of a concurrent pass, shared read-only by its iterations.
private struct UncheckedWork: @unchecked Sendable {
    // SAFETY: iterations only read `items` and call `work`, which lays out distinct children; nodes
    // guard their state with their own mutexes and specs are not mutated while they are laid out.
    let work: (Int, StackItem) -> ASLayout?
    let items: [StackItem]
}
