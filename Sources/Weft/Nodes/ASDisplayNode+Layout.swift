import Foundation

/// Builds a node's layout spec; Texture's `ASLayoutSpecBlock`.
///
/// Not `@Sendable`, as in Texture: the block usually captures the node's subnodes, and nodes are not
/// Sendable (see `UncheckedSendable`). It runs on whichever thread lays the node out and reads the
/// captured nodes through their own mutexes.
public typealias ASLayoutSpecBlock = (_ node: ASDisplayNode, _ constrainedSize: ASSizeRange) -> ASLayoutSpec

/// The layout bookkeeping of one node, kept in its locked state.
struct LayoutState {
    var layoutSpecBlock: ASLayoutSpecBlock?
    var automaticallyManagesSubnodes = false
    /// Bumped by `invalidateCalculatedLayout()`; cached layouts of older versions are stale.
    var version = 0
    /// Whether the node lays out through a spec; nil until its first layout tells.
    var usesLayoutSpec: Bool?
    var cached: CachedLayout?
    /// Bumped by each layout transition and by `cancelLayoutTransition()`; a transition whose
    /// number is no longer current is cancelled (see `ASDisplayNode+LayoutTransition.swift`).
    var transitionID = 0
    /// Core Animation's `needsLayout` of the node's layer: set for a new node, by
    /// `setNeedsLayout()` and by a change of the bounds' size; cleared by a layout pass.
    var layerNeedsLayout = true
    /// The subnodes the last layout applied with `automaticallyManagesSubnodes` placed: the
    /// next one removes those it no longer places, and only those (Texture's layout transition
    /// removes what the previous layout had), so a subnode added by hand stays. Weak: a node the
    /// tree dropped is not kept for this.
    var managedSubnodes: [UncheckedWeak<ASDisplayNode>] = []
}

/// A calculated layout and what it was calculated for.
struct CachedLayout {
    let constrainedSize: ASSizeRange
    let parentSize: CGSize
    let version: Int
    let styleVersion: Int
    let layout: ASLayout

    func matches(_ range: ASSizeRange, _ parent: CGSize, version: Int, styleVersion: Int) -> Bool {
        func same(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || (a.isNaN && b.isNaN) }
        return constrainedSize == range && same(parentSize.width, parent.width) && same(parentSize.height, parent.height)
            && self.version == version && self.styleVersion == styleVersion
    }
}

/// Returned by the default `layoutSpecThatFits(_:)` to say "this node has no spec".
final class NoLayoutSpec: ASLayoutSpec, @unchecked Sendable {
    static let marker = NoLayoutSpec()
}

extension ASDisplayNode {
    /// Builds the node's spec instead of `layoutSpecThatFits(_:)`; Texture's `layoutSpecBlock`.
    public var layoutSpecBlock: ASLayoutSpecBlock? {
        get { state.withLock { $0.layout.layoutSpecBlock } }
        set {
            state.withLock { $0.layout.layoutSpecBlock = newValue }
            setNeedsLayout()
        }
    }

    /// When true, the node's subnodes are exactly the nodes of its layout spec, in spec order:
    /// applying a layout adds the missing ones and removes the rest. Texture's
    /// `automaticallyManagesSubnodes`.
    public var automaticallyManagesSubnodes: Bool {
        get { state.withLock { $0.layout.automaticallyManagesSubnodes } }
        set { state.withLock { $0.layout.automaticallyManagesSubnodes = newValue } }
    }

    public var sublayoutElements: [any ASLayoutElement] { [] }

    /// Lays the node out, reusing the last layout when the range, parent size, style and node are
    /// unchanged; Texture's `layoutThatFits(_:parentSize:)`. The node's style is intersected with
    /// the range, the range winning where they do not overlap.
    @discardableResult
    public func layoutThatFits(_ constrainedSize: ASSizeRange, parentSize: CGSize) -> ASLayout {
        var range = constrainedSize
        var issues: [ASLayoutIssue] = []
        if let repaired = constrainedSize.sanitized() {
            issues.append(.invalidSizeRange(element: ASLayout.name(of: self), range: constrainedSize.description))
            range = repaired
        }
        let (version, cached, style) = state.withLock { ($0.layout.version, $0.layout.cached, $0.style) }
        let styleValues = style?.values ?? .defaults
        if let cached, cached.matches(range, parentSize, version: version, styleVersion: styleValues.version), issues.isEmpty {
            return cached.layout
        }
        var layout: ASLayout
        switch LayoutRecursionGuard.enter(self, {
            calculateLayoutThatFits(range.intersect(styleValues.sizeRange(parentSize: parentSize)), relativeToParentSize: parentSize)
        }) {
        case .laidOut(let result): layout = result
        case .cycle: return ASLayout(layoutElement: self, size: .zero, issues: [.cycle(element: ASLayout.name(of: self))])
        case let .tooDeep(depth, limit):
            // Not cached: the same node laid out from nearer its root fits.
            return ASLayout(layoutElement: self, size: .zero, issues: [.tooDeep(element: ASLayout.name(of: self), depth: depth, limit: limit)])
        }
        if !issues.isEmpty {
            layout = ASLayout(layoutElement: self, size: layout.size, sublayouts: layout.sublayouts, issues: issues + layout.issues)
        }
        let result = layout
        state.withLock { s in
            if s.layout.version == version {
                s.layout.cached = CachedLayout(constrainedSize: range, parentSize: parentSize, version: version,
                                               styleVersion: styleValues.version, layout: result)
            }
        }
        return result
    }

    /// The layout last calculated for this node, if still valid; Texture's `calculatedLayout`.
    public var calculatedLayout: ASLayout? {
        state.withLock { s in s.layout.cached.flatMap { $0.version == s.layout.version ? $0.layout : nil } }
    }

    /// The size of the last layout calculated for this node, `.zero` before the first; Texture's
    /// `calculatedSize`. As in Texture, invalidating the layout does not clear it.
    public var calculatedSize: CGSize {
        state.withLock { $0.layout.cached?.layout.size ?? .zero }
    }

    /// The range the last layout calculated for this node was asked for (before the node's style
    /// narrowed it), `{0, 0}…{0, 0}` before the first; Texture's `constrainedSizeForCalculatedLayout`.
    /// Like `calculatedSize`, it is kept when the layout is invalidated.
    public var constrainedSizeForCalculatedLayout: ASSizeRange {
        state.withLock { $0.layout.cached?.constrainedSize ?? .zero }
    }

    /// Keeps the cached layout flattened (`ASLayout.flattened()`): what applying it needs, without
    /// the specs and spec layouts of the pass that made it. Called as the node leaves the preload
    /// range, so a cell scrolled far away holds no specs.
    func flattenCalculatedLayout() {
        guard let cached = state.withLock({ $0.layout.cached }) else { return }
        let flat = cached.layout.flattened()
        guard flat !== cached.layout else { return }
        state.withLock { s in
            // Only if no other layout was cached meanwhile (flattening ran outside the lock).
            guard s.layout.cached?.layout === cached.layout else { return }
            s.layout.cached = CachedLayout(constrainedSize: cached.constrainedSize, parentSize: cached.parentSize,
                                           version: cached.version, styleVersion: cached.styleVersion, layout: flat)
        }
    }

    /// Drops this node's cached layout; Texture's `invalidateCalculatedLayout()`.
    public func invalidateCalculatedLayout() {
        state.withLock { $0.layout.version &+= 1 }
        if let cell = self as? ASCellNode, cell.measuredLayoutVersion != nil { CellLayoutInvalidation.note() }
    }

    /// Drops the cached layouts of this node and its ancestors, whose layouts contain its size;
    /// Texture's `setNeedsLayout()`.
    public func setNeedsLayout() {
        var node: ASDisplayNode? = self
        while let current = node {
            current.invalidateCalculatedLayout()
            current.state.withLock { $0.layout.layerNeedsLayout = true }
            node = current.supernode
        }
    }

    /// The default `calculateLayoutThatFits(_:)`: through the layout spec, checked for duplicate
    /// elements and cycles first, or through `calculateSizeThatFits(_:)` when there is no spec.
    func calculateLayoutFromSpec(_ constrainedSize: ASSizeRange) -> ASLayout {
        let (block, traits, specTraits) = state.withLock { ($0.layout.layoutSpecBlock, $0.traits, $0.specTraits) }
        // The spec is built with the node's traits current (dynamic colours, trait-aware fonts).
        let spec = UITraitCollection.withCurrent(traits.collection) { block?(self, constrainedSize) ?? layoutSpecThatFits(constrainedSize) }
        guard spec !== NoLayoutSpec.marker else {
            state.withLock { $0.layout.usesLayoutSpec = false }
            let size = calculateSizeThatFits(constrainedSize.max)
            return ASLayout(layoutElement: self, size: constrainedSize.clamp(size))
        }
        state.withLock { $0.layout.usesLayoutSpec = true }
        let issues = Self.validate(spec, in: self)
        let checked = issues.isEmpty ? spec : ASLayoutSpec()
        // It hands the traits down to its elements, as Texture's layout does (its specs get the
        // direction the node's semantic content attribute forces, its subnodes the node's own);
        // after validation, so a spec tree with a cycle is not walked, as it is not laid out.
        TraitPropagation.propagate(traits.primitive, from: checked, walkingUnchanged: false, specTraits: specTraits)
        let layout = checked.layoutThatFits(constrainedSize).positioned(at: .zero)
        return ASLayout(layoutElement: self, size: layout.size, sublayouts: [layout], issues: issues)
    }

    /// Finds elements that appear twice in a spec tree, and elements that contain themselves.
    /// Iterative (a spec tree can be as deep as a caller makes it), in depth-first order.
    static func validate(_ spec: ASLayoutSpec, in node: ASDisplayNode) -> [ASLayoutIssue] {
        enum Step { case visit(any ASLayoutElement), leave(ObjectIdentifier) }
        var issues: [ASLayoutIssue] = []
        var seen: Set<ObjectIdentifier> = [], path: Set<ObjectIdentifier> = []
        var steps: [Step] = [.visit(spec)]
        while let step = steps.popLast() {
            switch step {
            case .leave(let id):
                path.remove(id)
            case .visit(let element):
                let id = ObjectIdentifier(element)
                if element === node || path.contains(id) {
                    issues.append(.cycle(element: ASLayout.name(of: element)))
                    continue
                }
                guard seen.insert(id).inserted else {
                    issues.append(.duplicateElement(element: ASLayout.name(of: element), node: ASLayout.name(of: node)))
                    continue
                }
                guard element is ASLayoutSpec else { continue }
                path.insert(id)
                steps.append(.leave(id))
                for child in element.sublayoutElements.reversed() { steps.append(.visit(child)) }
            }
        }
        return issues
    }

    /// Lays the node out for exactly its bounds and applies the result: its spec's nodes get their
    /// frames (and, with `automaticallyManagesSubnodes`, become its subnodes), `layout()` is
    /// called, then each subnode does the same. Nodes without a spec keep the frames they were given. Texture applies layouts in
    /// its layout pass; `renderBitmap(scale:)` calls this first.
    ///
    /// Walks the tree without recursion. Nodes more than `WeftLimits.maximumTreeDepth` levels
    /// below this one are left as they are, and that is reported once as a `WeftDiagnostic`
    /// (area `.layout`) with an `ASLayoutIssue.tooDeep` message.
    public func layoutIfNeeded() {
        var pending: [(node: ASDisplayNode, depth: Int)] = [(self, 1)]
        var deepest: (node: ASDisplayNode, depth: Int)?
        while let (node, depth) = pending.popLast() {
            guard depth <= WeftLimits.maximumTreeDepth else {
                if deepest == nil { deepest = (node, depth) }
                continue
            }
            node.layoutOwnSubnodes()
            node.layout()
            // Subnodes first, then the nodes added to the layer (popped from the end).
            let (subnodes, added) = node.state.withLock { ($0.subnodes, $0.layerModel.ownSublayers) }
            for node in CALayer.nodesAdded(in: added).reversed() { pending.append((node, depth + 1)) }
            for subnode in subnodes.reversed() { pending.append((subnode, depth + 1)) }
        }
        if let deepest {
            let issue = ASLayoutIssue.tooDeep(element: ASLayout.name(of: deepest.node), depth: deepest.depth, limit: WeftLimits.maximumTreeDepth)
            WeftDiagnostics.report(.layout, description, "layoutIfNeeded: \(issue); its subtree was not laid out")
        }
    }

    /// The first step of `layoutIfNeeded()` for one node: lay it out and place its subnodes.
    private func layoutOwnSubnodes() {
        state.withLock { $0.layout.layerNeedsLayout = false }
        let (block, usesSpec, manages, hasSubnodes) = state.withLock {
            ($0.layout.layoutSpecBlock, $0.layout.usesLayoutSpec, $0.layout.automaticallyManagesSubnodes, !$0.subnodes.isEmpty)
        }
        // A leaf that does not manage subnodes has nothing a layout could place: skip measuring it
        // again (for a text node that would be another pango layout).
        let mayPlaceSubnodes = block != nil || usesSpec == true || (usesSpec == nil && (manages || hasSubnodes))
        guard mayPlaceSubnodes else { return }
        let layout = layoutForLayoutPass()
        if state.withLock({ $0.layout.usesLayoutSpec }) == true {
            apply(layout, managingSubnodes: manages)
        }
    }

    /// The layout a layout pass applies. As in Texture (`_u_measureNodeWithBoundsIfNecessary` and
    /// `_locked_constrainedSizeForLayoutPass`): the last calculated layout, still valid, if its size
    /// is the bounds size rounded up to the pixel grid, since a node is usually given exactly
    /// the size `layoutThatFits` returned; that layout keeps the range it was calculated in.
    /// Otherwise (a frame set by hand, or no layout yet) a layout for exactly the bounds. The
    /// difference shows where the range's minimum matters: a center spec without centering gives
    /// its child the minimum of the range the node was measured in, not the node's full size.
    private func layoutForLayoutPass() -> ASLayout {
        let size = bounds.size
        let boundsForLayout = CGSize(width: ASCeilPixelValue(size.width), height: ASCeilPixelValue(size.height))
        let styleVersion = storedStyleValues.version
        let reusable = state.withLock { s -> ASLayout? in
            guard let cached = s.layout.cached, cached.version == s.layout.version, cached.styleVersion == styleVersion,
                  cached.layout.size == boundsForLayout else { return nil }
            return cached.layout
        }
        return reusable ?? layoutThatFits(ASSizeRange(exactly: size))
    }

    /// Gives the layout's nodes their frames; with `managingSubnodes`, first makes them the
    /// subnodes, in the layout's order, and removes those the previous managed layout placed and
    /// this one does not. Subnodes no managed layout placed (added by hand, or a node's view
    /// added to this node's view) stay where they are, as in Texture.
    func apply(_ layout: ASLayout, managingSubnodes: Bool) {
        let placements = layout.appliedNodeFrames()
        if managingSubnodes {
            let wanted = placements.map(\.node)
            let wantedIDs = Set(wanted.map(ObjectIdentifier.init))
            let previous = state.withLock { s in
                defer { s.layout.managedSubnodes = wanted.map(UncheckedWeak.init) }
                return Set(s.layout.managedSubnodes.compactMap { $0.value.map(ObjectIdentifier.init) })
            }
            for subnode in subnodes where !wantedIDs.contains(ObjectIdentifier(subnode)) && previous.contains(ObjectIdentifier(subnode)) {
                subnode.removeFromSupernode()
            }
            for node in wanted where node.supernode !== self { addSubnode(node) }
            // Reorder in place: nodes that stay keep their interface state and backing store.
            reorderSubnodes(wanted)
        }
        for (node, frame) in placements where node.supernode === self {
            node.frame = frame
        }
    }
}
