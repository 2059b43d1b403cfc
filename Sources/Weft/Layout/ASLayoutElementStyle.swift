import Foundation
import Synchronization

/// The sizing and flex properties of a layout element; Texture's `ASLayoutElementStyle`.
///
/// Defaults: every dimension `auto`, spacing 0, flexGrow 0, flexShrink 0, flexBasis `auto`,
/// alignSelf `.auto`, ascender and descender 0, layoutPosition (0, 0).
/// Thread-safe: every property is guarded by the style's lock.
public final class ASLayoutElementStyle: @unchecked Sendable {
    // SAFETY: all mutable state is in `state`, behind its mutex.

    struct Values: Hashable, Sendable {
        var width = ASDimension.auto, height = ASDimension.auto
        var minWidth = ASDimension.auto, maxWidth = ASDimension.auto
        var minHeight = ASDimension.auto, maxHeight = ASDimension.auto
        var spacingBefore: CGFloat = 0, spacingAfter: CGFloat = 0
        var flexGrow: CGFloat = 0, flexShrink: CGFloat = 0
        var flexBasis = ASDimension.auto
        var alignSelf = ASStackLayoutAlignSelf.auto
        var ascender: CGFloat = 0, descender: CGFloat = 0
        var layoutPosition = CGPoint.zero
        /// Bumped by every change, so cached layouts can tell they are stale.
        var version = 0
    }

    private let state: Mutex<Values>

    public init() {
        state = Mutex(Values())
    }

    /// A style that starts with `values` (a node's baselines, measured before it had a style).
    init(values: Values) {
        state = Mutex(values)
    }

    /// A snapshot of all values, read under one lock.
    var values: Values { state.withLock { $0 } }

    private subscript<T: Sendable & Equatable>(_ keyPath: WritableKeyPath<Values, T>) -> T {
        get { state.withLock { $0[keyPath: keyPath] } }
        set {
            state.withLock { v in
                guard v[keyPath: keyPath] != newValue else { return }
                v[keyPath: keyPath] = newValue
                // Baselines are outputs of measuring (a text node sets them), not inputs to its
                // own size: they do not make its cached layout stale.
                if keyPath != \Values.ascender && keyPath != \Values.descender { v.version &+= 1 }
            }
        }
    }

    private static func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }

    public var width: ASDimension { get { self[\.width] } set { self[\.width] = newValue } }
    public var height: ASDimension { get { self[\.height] } set { self[\.height] = newValue } }
    public var minWidth: ASDimension { get { self[\.minWidth] } set { self[\.minWidth] = newValue } }
    public var maxWidth: ASDimension { get { self[\.maxWidth] } set { self[\.maxWidth] = newValue } }
    public var minHeight: ASDimension { get { self[\.minHeight] } set { self[\.minHeight] = newValue } }
    public var maxHeight: ASDimension { get { self[\.maxHeight] } set { self[\.maxHeight] = newValue } }

    /// Sets `width` and `height` in points. Reading it gives the points of both (0 for a
    /// dimension that is not in points).
    public var preferredSize: CGSize {
        get { let v = values; return CGSize(width: v.width.unit == .points ? v.width.value : 0, height: v.height.unit == .points ? v.height.value : 0) }
        set { width = ASDimensionMake(newValue.width); height = ASDimensionMake(newValue.height) }
    }
    /// Sets `minWidth` and `minHeight` in points.
    public var minSize: CGSize {
        get { let v = values; return CGSize(width: v.minWidth.resolve(parentSize: 0, autoSize: 0), height: v.minHeight.resolve(parentSize: 0, autoSize: 0)) }
        set { minWidth = ASDimensionMake(newValue.width); minHeight = ASDimensionMake(newValue.height) }
    }
    /// Sets `maxWidth` and `maxHeight` in points.
    public var maxSize: CGSize {
        get { let v = values; return CGSize(width: v.maxWidth.resolve(parentSize: 0, autoSize: .infinity), height: v.maxHeight.resolve(parentSize: 0, autoSize: .infinity)) }
        set { maxWidth = ASDimensionMake(newValue.width); maxHeight = ASDimensionMake(newValue.height) }
    }
    public var preferredLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.width, height: v.height) }
        set { width = newValue.width; height = newValue.height }
    }
    public var minLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.minWidth, height: v.minHeight) }
        set { minWidth = newValue.width; minHeight = newValue.height }
    }
    public var maxLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.maxWidth, height: v.maxHeight) }
        set { maxWidth = newValue.width; maxHeight = newValue.height }
    }

    /// Space before the element on a stack's axis. Non-finite values count as 0.
    public var spacingBefore: CGFloat { get { self[\.spacingBefore] } set { self[\.spacingBefore] = Self.finite(newValue) } }
    /// Space after the element on a stack's axis. Non-finite values count as 0.
    public var spacingAfter: CGFloat { get { self[\.spacingAfter] } set { self[\.spacingAfter] = Self.finite(newValue) } }
    /// Share of positive free space the element takes in a stack. Negative or non-finite values count as 0.
    public var flexGrow: CGFloat { get { self[\.flexGrow] } set { self[\.flexGrow] = max(0, Self.finite(newValue)) } }
    /// Share of the overflow the element gives up in a stack. Negative or non-finite values count as 0.
    public var flexShrink: CGFloat { get { self[\.flexShrink] } set { self[\.flexShrink] = max(0, Self.finite(newValue)) } }
    /// The element's initial length on a stack's axis.
    public var flexBasis: ASDimension { get { self[\.flexBasis] } set { self[\.flexBasis] = newValue } }
    public var alignSelf: ASStackLayoutAlignSelf { get { self[\.alignSelf] } set { self[\.alignSelf] = newValue } }
    /// Distance from the top to the first baseline, for baseline alignment.
    public var ascender: CGFloat { get { self[\.ascender] } set { self[\.ascender] = Self.finite(newValue) } }
    /// Distance from the bottom to the last baseline (negative when the baseline is above the bottom).
    public var descender: CGFloat { get { self[\.descender] } set { self[\.descender] = Self.finite(newValue) } }
    /// Where an `ASAbsoluteLayoutSpec` places the element. Non-finite components count as 0.
    public var layoutPosition: CGPoint {
        get { self[\.layoutPosition] }
        set { self[\.layoutPosition] = CGPoint(x: Self.finite(newValue.x), y: Self.finite(newValue.y)) }
    }

    var version: Int { state.withLock { $0.version } }
}

extension ASLayoutElementStyle.Values {
    /// The values of a style never changed: what layout reads for a node whose style was never
    /// made (see `ASDisplayNode.style`). Immutable.
    static let defaults = ASLayoutElementStyle.Values()

    /// The size range the style allows for a parent of `parentSize`, with `autoRange` standing in for
    /// automatic bounds. CSS's rule: min overrides max overrides the exact size.
    /// Texture's `ASLayoutElementSizeResolveAutoSize`.
    func sizeRange(parentSize: CGSize, autoRange: ASSizeRange = .unconstrained) -> ASSizeRange {
        func axis(_ minD: ASDimension, _ exactD: ASDimension, _ maxD: ASDimension, _ parent: CGFloat, _ autoMin: CGFloat, _ autoMax: CGFloat) -> (CGFloat, CGFloat) {
            // A fraction of an undefined (NaN) parent is treated as automatic.
            var low = minD.resolve(parentSize: parent, autoSize: autoMin)
            if low.isNaN { low = autoMin }
            let exact = exactD.resolve(parentSize: parent, autoSize: .nan)
            var high = maxD.resolve(parentSize: parent, autoSize: autoMax)
            if high.isNaN { high = autoMax }
            if high <= low { return (low, low) }
            if exact.isNaN { return (low, high) }
            if exact > high { return (high, high) }
            if exact < low { return (low, low) }
            return (exact, exact)
        }
        let w = axis(minWidth, width, maxWidth, parentSize.width, autoRange.min.width, autoRange.max.width)
        let h = axis(minHeight, height, maxHeight, parentSize.height, autoRange.min.height, autoRange.max.height)
        return ASSizeRange(min: CGSize(width: w.0, height: h.0), max: CGSize(width: w.1, height: h.1))
    }
}
