import Foundation

/// What the data source gave for an element: its node block (or node) and the range it is
/// measured in. Immutable; use from any context.
final class ResolvedElementContent: Sendable {
    let source: CellSource
    let constrainedSize: ASSizeRange
    /// The collection's traits, handed to the node when it is made (one shared box, 8 bytes here).
    let traits: CollectionCellTraits?
    /// The item's node model as the data source gave it (nil for a supplementary element).
    let nodeModel: NodeModelBox?
    /// Whether the node gets `nodeModel` when it is made, as Texture's element sets it on the node
    /// its block returns: false for an element renewed around a node already made (a relayout),
    /// whose model the node has, or was since given by the app.
    let handsNodeModel: Bool

    init(source: CellSource, constrainedSize: ASSizeRange, traits: CollectionCellTraits?,
         nodeModel: NodeModelBox? = nil, handsNodeModel: Bool = false) {
        self.source = source
        self.constrainedSize = constrainedSize
        self.traits = traits
        self.nodeModel = nodeModel
        self.handsNodeModel = handsNodeModel && nodeModel != nil
    }

    /// What an element the data source cannot describe gets: an empty node of no size. The error
    /// that says why is kept by the collection, and the render that needed the element throws it.
    static let unavailable = ResolvedElementContent(source: .returnedNil, constrainedSize: .zero, traits: nil)
}

/// An element's content: ready, or deferred to the resolver that asks the data source for it.
enum ElementContent {
    case ready(ResolvedElementContent)
    case deferred(ElementResolver)
}

/// Asks a collection's data source for the node blocks and ranges of deferred items: Weft's lazy
/// measurement of long lists, beyond Texture. Texture asks for every item's node block when the
/// data loads and, with a `UICollectionViewLayout`, makes and measures every node; a layout that
/// does not need every size (the flow layout, measured as far as a frame needs; layout delegates
/// that know sizes) lets the collection make only the elements a frame or a range needs, so the
/// first frame of a million items costs what it shows.
///
/// The data source is asked on the main actor, at the element's place in the newest batch
/// submitted to the collection: the model the data source describes once `performBatchUpdates`
/// has run, even while the editing queue has not applied that batch yet.
///
/// One per load. Holds the collection weakly. Sendable; use from any context.
final class ElementResolver: Sendable {
    private let collection: WeakCollectionNode
    /// The viewport the load measured for: deferred items are measured for it too.
    let viewport: CGSize

    init(collection: ASCollectionNode, viewport: CGSize) {
        self.collection = WeakCollectionNode(collection)
        self.viewport = viewport
    }

    /// Resolves `elements` (deferred items of this resolver's load), each at its place in the
    /// newest submitted map. A data source that is gone, or that cannot describe an item, leaves
    /// it unavailable and its error with the collection. `quietly` (measuring ahead, which no
    /// frame asked for) leaves such items deferred instead, with nothing reported, so only a
    /// frame that needs them fails.
    @MainActor
    func resolve(_ elements: [ASCollectionElement], quietly: Bool = false) {
        guard let node = collection.value else {
            if !quietly { for element in elements { element.resolve(with: .unavailable) } }
            return
        }
        if quietly && !node.isSettledForQuietResolution { return }
        // The data source may describe the model a coming load reads (a reload asked for on the
        // main actor, which a wait there served this request in the middle of): these elements'
        // places in it are unknown, and asking would name items it may not have. They are shown
        // empty; that load replaces them.
        if node.dataController.isAwaitingLoad {
            guard !quietly else { return }
            let deferred = elements.filter(\.isDeferred)
            for element in deferred { element.resolve(with: .unavailable) }
            if !deferred.isEmpty {
                // The awaited load may be the one that made them, its map already published.
                node.dataController.noteShownEmptyAwaitingLoad()
                WeftDiagnostics.report(.collection, "\(node)", "\(deferred.count) item(s) were first needed while the data was being reloaded; shown empty until the reload replaces them")
            }
            return
        }
        // The delegate answers an item's range with the live bounds as it likes (as Texture's
        // delegates do): items asked for while the bounds' cross size (across the scroll) is not
        // this load's, or the bounds are set meanwhile, may be measured for another width than the
        // rest, which the viewport the collection records would hide from the next access.
        let changes = node.settings[\.viewportChanges]
        let bounds = node.bounds.size
        let atLoadsViewport = node.collectionViewLayout.scrollDirection == .vertical ? bounds.width == viewport.width : bounds.height == viewport.height
        defer {
            if !atLoadsViewport || node.settings[\.viewportChanges] != changes { node.dataController.noteItemsMeasuredForAnotherViewport() }
        }
        let loader = node.loader(for: viewport)
        let positions = node.dataSourcePositions(of: elements)
        for element in elements where element.isDeferred {
            guard let position = positions[ObjectIdentifier(element)] else {
                if quietly { continue }
                // Deleted by a batch the editing queue has not applied yet: nothing to ask for.
                WeftDiagnostics.report(.collection, "item at section \(element.indexPath.section), item \(element.indexPath.item)",
                                       "was deleted before its node was first needed; shown empty until the deletion is applied")
                element.resolve(with: .unavailable)
                continue
            }
            do throws(CollectionError) {
                element.resolve(with: try loader.resolvedItem(at: position))
            } catch {
                if quietly { continue }
                node.noteDeferredItemError(error)
                element.resolve(with: .unavailable)
            }
        }
    }
}

/// Resolves deferred elements. Thread-safe: any thread may ask; the data source is asked on the
/// main actor (inline when the caller is on it, see `MainActorBridge`), once for all of them.
enum ElementResolution {
    /// `stillWanted` (measuring ahead) is asked on the main actor, just before the data source
    /// is: a job superseded or cancelled meanwhile asks nothing.
    static func resolve(_ elements: [ASCollectionElement], quietly: Bool = false, stillWanted: (@Sendable () -> Bool)? = nil) {
        var groups: [ObjectIdentifier: (ElementResolver, [ASCollectionElement])] = [:]
        for element in elements {
            guard let resolver = element.resolver else { continue }
            groups[ObjectIdentifier(resolver), default: (resolver, [])].1.append(element)
        }
        guard !groups.isEmpty else { return }
        let batches = Array(groups.values)
        MainActorBridge.run { @MainActor in
            if let stillWanted, !stillWanted() { return }
            for (resolver, group) in batches { resolver.resolve(group, quietly: quietly) }
        }
    }
}
