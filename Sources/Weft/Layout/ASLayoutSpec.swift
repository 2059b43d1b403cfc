import Foundation
import Synchronization

/// The base of every layout spec; Texture's `ASLayoutSpec`. A bare `ASLayoutSpec` takes the
/// minimum of its range and places nothing: with `style.flexGrow = 1` it is a stack's spacer.
///
/// A spec is configured on one thread and then laid out, possibly on several threads at once
/// (concurrent stacks); as in Texture, a spec must not be changed while a layout that uses it runs.
/// Configure on one thread, then lay out from any.
open class ASLayoutSpec: ASLayoutElement, ASTraitEnvironment, CustomStringConvertible {
    // SAFETY: configuration happens before layout; layout only reads the configuration (Texture
    // marks specs immutable while laying out for the same reason). `style` is itself thread-safe.

    public let style = ASLayoutElementStyle()
    public var debugName: String?
    /// The children, in order.
    public var children: [any ASLayoutElement]

    public init() { children = [] }

    /// Releases nested specs one after another instead of recursively: a chain of 100,000 specs
    /// (each the only child of the one before) would otherwise overflow the stack in nested deinits.
    deinit {
        var pending: [ASLayoutSpec] = children.compactMap { $0 as? ASLayoutSpec }
        guard !pending.isEmpty else { return }
        children = []
        while var spec = pending.popLast() {
            if isKnownUniquelyReferenced(&spec) {
                pending += spec.children.compactMap { $0 as? ASLayoutSpec }
                spec.children = []
            }
        }
    }

    /// The first child; setting it replaces all children with it.
    public var child: (any ASLayoutElement)? {
        get { children.first }
        set { children = newValue.map { [$0] } ?? [] }
    }

    open var sublayoutElements: [any ASLayoutElement] { children }

    /// The traits the spec was laid out for, set by its node's layout (Texture's specs keep them
    /// too). A mutex, not the configure-then-lay-out rule: a spec shared by two nodes laid out on
    /// two threads gets them from both.
    private let traits = Mutex(ASPrimitiveTraitCollectionMakeDefault())

    /// Whether the traits say right to left, kept apart from them so that a spec's layout checks
    /// its direction with one atomic load and no lock (the left-to-right hot path does no more).
    private let rightToLeft = Atomic(false)

    /// Whether the spec lays out right to left: its traits' `layoutDirection` is `.rightToLeft`.
    /// Specs that arrange by leading and trailing sides mirror their left-to-right layout then.
    var isRightToLeft: Bool { rightToLeft.load(ordering: .relaxed) }

    /// Lays out within `constrainedSize` (repaired first if it is invalid) unless the spec is already
    /// being laid out on this thread, which would be a cycle.
    @discardableResult
    public final func layoutThatFits(_ constrainedSize: ASSizeRange, parentSize: CGSize) -> ASLayout {
        var issues: [ASLayoutIssue] = []
        var range = constrainedSize
        if let repaired = constrainedSize.sanitized() {
            issues.append(.invalidSizeRange(element: ASLayout.name(of: self), range: constrainedSize.description))
            range = repaired
        }
        let layout: ASLayout
        switch LayoutRecursionGuard.enter(self, { calculateLayoutThatFits(range, relativeToParentSize: parentSize) }) {
        case .laidOut(let result): layout = result
        case .cycle: return ASLayout(layoutElement: self, size: .zero, issues: [.cycle(element: ASLayout.name(of: self))])
        case let .tooDeep(depth, limit):
            return ASLayout(layoutElement: self, size: .zero, issues: [.tooDeep(element: ASLayout.name(of: self), depth: depth, limit: limit)])
        }
        guard !issues.isEmpty else { return layout }
        return ASLayout(layoutElement: self, size: layout.size, sublayouts: layout.sublayouts, issues: issues)
    }

    /// Applies the style's size to the range (the range wins where they do not overlap), then calls
    /// `calculateLayoutThatFits(_:)`. Specs that must see the range unchanged override this.
    open func calculateLayoutThatFits(_ constrainedSize: ASSizeRange, relativeToParentSize parentSize: CGSize) -> ASLayout {
        calculateLayoutThatFits(constrainedSize.intersect(style.values.sizeRange(parentSize: parentSize)))
    }

    /// The spec's own layout in a range that already includes its style.
    open func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        ASLayout(layoutElement: self, size: constrainedSize.min)
    }

    /// A layout of this spec with no children and an issue, for specs missing a required child.
    func missingChildLayout(_ role: String) -> ASLayout {
        ASLayout(layoutElement: self, size: .zero, issues: [.missingChild(spec: ASLayout.name(of: self), role: role)])
    }

    open var description: String { "<\(ASLayout.name(of: self)) children=\(children.count)>" }
}

/// A spec that sizes to the largest of its children (at least the range's minimum) and places
/// them all at the origin; Texture's `ASWrapperLayoutSpec`.
/// Configure on one thread, then lay out from any.
open class ASWrapperLayoutSpec: ASLayoutSpec {
    public init(layoutElement: any ASLayoutElement) {
        super.init()
        child = layoutElement
    }

    public init(layoutElements: [any ASLayoutElement]) {
        super.init()
        children = layoutElements
    }

    /// Texture's `wrapperWithLayoutElement:`.
    public static func wrapper(with layoutElement: any ASLayoutElement) -> ASWrapperLayoutSpec {
        ASWrapperLayoutSpec(layoutElement: layoutElement)
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        var size = constrainedSize.min
        let sublayouts = children.map { child -> ASLayout in
            let sublayout = child.layoutThatFits(constrainedSize, parentSize: constrainedSize.max).positioned(at: .zero)
            size.width = max(size.width, sublayout.size.width)
            size.height = max(size.height, sublayout.size.height)
            return sublayout
        }
        return ASLayout(layoutElement: self, size: size, sublayouts: sublayouts)
    }
}

extension ASLayoutSpec {
    public func primitiveTraitCollection() -> ASPrimitiveTraitCollection { traits.withLock { $0 } }

    public func setPrimitiveTraitCollection(_ traitCollection: ASPrimitiveTraitCollection) {
        let traitCollection = TraitRepair.needsRepair(traitCollection)
            ? TraitRepair.traits(traitCollection, api: "\(type(of: self)).setPrimitiveTraitCollection(_:)") : traitCollection
        traits.withLock { $0 = traitCollection }
        rightToLeft.store(traitCollection.layoutDirection == .rightToLeft, ordering: .relaxed)
    }
}
