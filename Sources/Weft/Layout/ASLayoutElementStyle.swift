import Foundation
import Synchronization

/// The sizing and flex properties of a layout element; Texture's `ASLayoutElementStyle`.
///
/// Defaults: every dimension `auto`, spacing 0, flexGrow 0, flexShrink 0, flexBasis `auto`,
/// alignSelf `.auto`, ascender and descender 0, layoutPosition (0, 0).
/// Every change of a property's value is told to `delegate`, with the property's name
/// (`ASLayoutElementStyleWidthProperty`...), after the value is stored; setting a value a property
/// already has tells nothing.
/// Thread-safe: every property is guarded by the style's lock; the delegate is called on the
/// thread that set the property, outside the lock.
public final class ASLayoutElementStyle: @unchecked Sendable {
    // SAFETY: all mutable state is in `state`, behind its mutex; `delegate` is set in `init` only
    // and read through the runtime's thread-safe weak references.

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

    /// Told of every property change; not retained. Texture's `delegate`.
    public private(set) weak var delegate: (any ASLayoutElementStyleDelegate)?

    public init() {
        state = Mutex(Values())
    }

    /// A style that tells `delegate` of every property change; Texture's `init(delegate:)`.
    public convenience init(delegate: any ASLayoutElementStyleDelegate) {
        self.init()
        self.delegate = delegate
    }

    /// A style that starts with `values` (a node's baselines, measured before it had a style).
    init(values: Values) {
        state = Mutex(values)
    }

    /// A snapshot of all values, read under one lock.
    var values: Values { state.withLock { $0 } }

    /// Stores the values `change` makes and tells the delegate `names` when any of them changed.
    /// Baselines are outputs of measuring (a text node sets them), not inputs to its own size: they
    /// do not make a cached layout stale (`version`).
    private func update(_ names: [String], affectsLayout: Bool = true, _ change: (inout Values) -> Void) {
        let changed = state.withLock { v -> Bool in
            var new = v
            change(&new)
            new.version = v.version
            guard new != v else { return false }
            if affectsLayout { new.version &+= 1 }
            v = new
            return true
        }
        guard changed, let delegate else { return }
        for name in names { delegate.style(self, propertyDidChange: name) }
    }

    private static func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }

    private func dimension(_ keyPath: WritableKeyPath<Values, ASDimension>) -> ASDimension { state.withLock { $0[keyPath: keyPath] } }

    /// Texture's `width`; tells the delegate `ASLayoutElementStyleWidthProperty` when it changes.
    public var width: ASDimension {
        get { dimension(\.width) }
        set { update([ASLayoutElementStyleWidthProperty]) { $0.width = newValue } }
    }
    /// Texture's `height`; tells the delegate `ASLayoutElementStyleHeightProperty` when it changes.
    public var height: ASDimension {
        get { dimension(\.height) }
        set { update([ASLayoutElementStyleHeightProperty]) { $0.height = newValue } }
    }
    /// Texture's `minWidth`; tells the delegate `ASLayoutElementStyleMinWidthProperty` when it changes.
    public var minWidth: ASDimension {
        get { dimension(\.minWidth) }
        set { update([ASLayoutElementStyleMinWidthProperty]) { $0.minWidth = newValue } }
    }
    /// Texture's `maxWidth`; tells the delegate `ASLayoutElementStyleMaxWidthProperty` when it changes.
    public var maxWidth: ASDimension {
        get { dimension(\.maxWidth) }
        set { update([ASLayoutElementStyleMaxWidthProperty]) { $0.maxWidth = newValue } }
    }
    /// Texture's `minHeight`; tells the delegate `ASLayoutElementStyleMinHeightProperty` when it changes.
    public var minHeight: ASDimension {
        get { dimension(\.minHeight) }
        set { update([ASLayoutElementStyleMinHeightProperty]) { $0.minHeight = newValue } }
    }
    /// Texture's `maxHeight`; tells the delegate `ASLayoutElementStyleMaxHeightProperty` when it changes.
    public var maxHeight: ASDimension {
        get { dimension(\.maxHeight) }
        set { update([ASLayoutElementStyleMaxHeightProperty]) { $0.maxHeight = newValue } }
    }

    /// Sets `width` and `height` in points (one change, telling both names). Reading it gives the
    /// points of both (0 for an automatic one); `.zero` when either is a fraction, which has no
    /// size in points (Texture asserts, and returns `.zero` without assertions).
    public var preferredSize: CGSize {
        get {
            let v = values
            guard v.width.unit != .fraction, v.height.unit != .fraction else { return .zero }
            return CGSize(width: v.width.value, height: v.height.value)
        }
        set {
            update([ASLayoutElementStyleWidthProperty, ASLayoutElementStyleHeightProperty]) {
                $0.width = ASDimensionMake(newValue.width)
                $0.height = ASDimensionMake(newValue.height)
            }
        }
    }
    /// Sets `minWidth` and `minHeight` in points.
    public var minSize: CGSize {
        get { let v = values; return CGSize(width: v.minWidth.resolve(parentSize: 0, autoSize: 0), height: v.minHeight.resolve(parentSize: 0, autoSize: 0)) }
        set {
            update([ASLayoutElementStyleMinWidthProperty, ASLayoutElementStyleMinHeightProperty]) {
                $0.minWidth = ASDimensionMake(newValue.width)
                $0.minHeight = ASDimensionMake(newValue.height)
            }
        }
    }
    /// Sets `maxWidth` and `maxHeight` in points.
    public var maxSize: CGSize {
        get { let v = values; return CGSize(width: v.maxWidth.resolve(parentSize: 0, autoSize: .infinity), height: v.maxHeight.resolve(parentSize: 0, autoSize: .infinity)) }
        set {
            update([ASLayoutElementStyleMaxWidthProperty, ASLayoutElementStyleMaxHeightProperty]) {
                $0.maxWidth = ASDimensionMake(newValue.width)
                $0.maxHeight = ASDimensionMake(newValue.height)
            }
        }
    }
    public var preferredLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.width, height: v.height) }
        set {
            update([ASLayoutElementStyleWidthProperty, ASLayoutElementStyleHeightProperty]) {
                $0.width = newValue.width
                $0.height = newValue.height
            }
        }
    }
    public var minLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.minWidth, height: v.minHeight) }
        set {
            update([ASLayoutElementStyleMinWidthProperty, ASLayoutElementStyleMinHeightProperty]) {
                $0.minWidth = newValue.width
                $0.minHeight = newValue.height
            }
        }
    }
    public var maxLayoutSize: ASLayoutSize {
        get { let v = values; return ASLayoutSize(width: v.maxWidth, height: v.maxHeight) }
        set {
            update([ASLayoutElementStyleMaxWidthProperty, ASLayoutElementStyleMaxHeightProperty]) {
                $0.maxWidth = newValue.width
                $0.maxHeight = newValue.height
            }
        }
    }

    /// Space before the element on a stack's axis. Non-finite values count as 0.
    public var spacingBefore: CGFloat {
        get { values.spacingBefore }
        set { update([ASLayoutElementStyleSpacingBeforeProperty]) { $0.spacingBefore = Self.finite(newValue) } }
    }
    /// Space after the element on a stack's axis. Non-finite values count as 0.
    public var spacingAfter: CGFloat {
        get { values.spacingAfter }
        set { update([ASLayoutElementStyleSpacingAfterProperty]) { $0.spacingAfter = Self.finite(newValue) } }
    }
    /// Share of positive free space the element takes in a stack. Negative or non-finite values count as 0.
    public var flexGrow: CGFloat {
        get { values.flexGrow }
        set { update([ASLayoutElementStyleFlexGrowProperty]) { $0.flexGrow = max(0, Self.finite(newValue)) } }
    }
    /// Share of the overflow the element gives up in a stack. Negative or non-finite values count as 0.
    public var flexShrink: CGFloat {
        get { values.flexShrink }
        set { update([ASLayoutElementStyleFlexShrinkProperty]) { $0.flexShrink = max(0, Self.finite(newValue)) } }
    }
    /// The element's initial length on a stack's axis.
    public var flexBasis: ASDimension {
        get { dimension(\.flexBasis) }
        set { update([ASLayoutElementStyleFlexBasisProperty]) { $0.flexBasis = newValue } }
    }
    public var alignSelf: ASStackLayoutAlignSelf {
        get { values.alignSelf }
        set { update([ASLayoutElementStyleAlignSelfProperty]) { $0.alignSelf = newValue } }
    }
    /// Distance from the top to the first baseline, for baseline alignment.
    public var ascender: CGFloat {
        get { values.ascender }
        set { update([ASLayoutElementStyleAscenderProperty], affectsLayout: false) { $0.ascender = Self.finite(newValue) } }
    }
    /// Distance from the bottom to the last baseline (negative when the baseline is above the bottom).
    public var descender: CGFloat {
        get { values.descender }
        set { update([ASLayoutElementStyleDescenderProperty], affectsLayout: false) { $0.descender = Self.finite(newValue) } }
    }
    /// Where an `ASAbsoluteLayoutSpec` places the element. Non-finite components count as 0.
    public var layoutPosition: CGPoint {
        get { values.layoutPosition }
        set {
            update([ASLayoutElementStyleLayoutPositionProperty]) {
                $0.layoutPosition = CGPoint(x: Self.finite(newValue.x), y: Self.finite(newValue.y))
            }
        }
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
