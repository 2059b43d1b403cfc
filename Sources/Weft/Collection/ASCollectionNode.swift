import Foundation
import Synchronization

/// A scrollable collection of cell nodes laid out by a `UICollectionViewLayout`; Texture's
/// `ASCollectionNode`, rendering offscreen.
///
/// The data source supplies node blocks (or nodes), which run concurrently on background threads;
/// each node is measured with its constrained size and placed by the layout. `snapshot(scale:)`
/// composites the cells visible at `contentOffset` into a frame; `FrameSequence` and
/// `writeFrames(_:scale:toFolder:)` turn a scroll into frames. Background white by default.
/// Drive it from one thread (Texture's main thread); its state is lock-guarded, and node blocks
/// run on background threads. Its traits, `semanticContentAttribute` and settings may be changed,
/// and `relayoutItems()` called, from any thread while another renders: see `withLayout`.
open class ASCollectionNode: ASDisplayNode {
    // SAFETY: the collection's data (load lifecycle, visible map, batches) is owned by
    // `dataController`, under its one lock; the node's configuration is in `settings`; the layout
    // object's mutable state and the map it is prepared from belong to the thread holding
    // `layoutAccess` (every use goes through it: frames, loads, relayouts, `withLayout`); the data
    // source and the delegate are only used by the thread that drives the node.

    struct Settings {
        var contentOffset = CGPoint.zero
        var contentInset = UIEdgeInsets.zero
        /// See `contentInsetAdjustmentBehavior`.
        var contentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior.automatic
        /// The safe-area edges the last frame's offset was settled for (see
        /// `settleContentOffsetForInsetAdjustment()`).
        var appliedInsetAdjustment = UIEdgeInsets.zero
        var inverted = false
        var cellLayoutMode: ASCellLayoutMode = []
        var lazyMeasurementThreshold = 500
        var releasesNodesOutsidePreloadRange = false
        var backgroundMeasurementLimit = 256
        /// What `relayoutInvalidatedCells()` saw when it last looked; nil to look at the next
        /// frame whatever the count and the map.
        var seenCellInvalidations: CellRelayoutLook?
        var supplementaryKinds: [String] = []
        /// A data source was set and not since set to nil. `dataSource` is weak (as in Texture), so
        /// reading nil while this is true means the object was deallocated: a load reports that
        /// (see `reportReleasedDataSource()`) rather than silently showing an empty collection.
        var dataSourceSet = false
        /// How many times `frame` or `bounds` was set: a load or relayout during which it changed
        /// leaves its elements to be measured again (see `measuredViewport(_:sinceChanges:)`).
        var viewportChanges = 0
        /// The last size given to `frame` or `bounds` when it was not a drawable one (the node keeps
        /// a repaired size): viewport errors show what the caller passed.
        var rejectedViewport: CGSize?
        /// See `onUpdateError`.
        var onUpdateError: (@Sendable (CollectionUpdateError) -> Void)?
        /// See `leadingScreensForBatching`.
        var leadingScreensForBatching: CGFloat = 2
        /// The delegate whose default `willBeginBatchFetchWith` answered: it does not fetch.
        var delegateWithoutBatchFetching: ObjectIdentifier?
        /// See `batchFetchingDelegate`.
        var batchFetchingDelegate = WeakBatchFetchingDelegate(nil)
        /// A batch fetch began (or was put to the delegate) after the last deterministic frame:
        /// the next one waits for it.
        var batchFetchSinceLastFrame = false
        /// The delegate is yet to be asked, on the main actor, whether to fetch.
        var batchFetchDecisionPending = false
        /// Whether the content fitted in the viewport when last looked (after a load, or by an
        /// edit that could use the layout): what an edit uses while another thread holds the
        /// layout (see `shouldProcessSynchronously`). True before any, as an empty collection's.
        var contentFitsViewport = true
        /// The selected items and selection settings (`ASCollectionNode+Selection.swift`).
        var selection = CollectionSelection()
        /// See `noteMeasuredForLayout(_:)`.
        var measuredForLayout: [ASCollectionElement] = []
        /// The view, once made (at load, or when the collection needs it for interop cells).
        var madeView: ASCollectionView?
        /// The view that made this node for itself (`ASCollectionView(frame:collectionViewLayout:)`):
        /// it owns the node, so the node holds it weakly.
        weak var standaloneView: ASCollectionView?
        /// UIKit cells are on screen (or the data source dequeues a cell for every item): frames
        /// ask the view on the main actor which cells to show. See `ASCollectionNode+Interop.swift`.
        var interopActive = false
    }

    /// The node whose safe area the content is inset from: the table whose rows this is, or nil
    /// for the collection itself. Set once, by the table's initializer, before the collection is
    /// shared.
    weak var safeAreaHost: ASDisplayNode?
    /// Who uses `collectionViewLayout` and the map it is prepared from now; see `LayoutAccess`.
    let layoutAccess = LayoutAccess()
    /// The node's configuration and what its driving thread notes between frames; see `Settings`.
    /// The collection's one lock of its own: taken alone, never with `dataController.state` held
    /// or inside it.
    let settings = LockedBox(Settings())
    /// The data pipeline: change sets, the pending map, the editing queue. Made with the node, not
    /// lazily: threads that first touch it at once would each make one.
    let dataController = ASDataController()
    /// The ranges around the viewport and the interface states of the cells in them.
    let rangeController = ASRangeController()
    /// The state of the batch fetch; one per collection, as Texture's.
    let batchContext = ASBatchContext()
    /// Which applied batches frame sequences animate.
    let updateAnimations = UpdateAnimationLog()
    /// The top item a non-animated table batch keeps in place (`automaticallyAdjustsContentOffset`).
    let offsetAnchoring = ContentOffsetAnchoring()
    /// The traits cells are made with: the node's own (see `CollectionCellTraits`).
    let cellTraits = CollectionCellTraits()

    override func traitsDidChange(from previous: ASPrimitiveTraitCollection) {
        cellTraitsDidChange()
    }

    /// The layout that places the elements.
    public let collectionViewLayout: UICollectionViewLayout

    /// Texture's `init(collectionViewLayout:)`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
        dataController.node = self
        cellTraits.collectionNode = self
        backgroundColor = .white
        // What the layout reads while it prepares, from any thread; see `ASCollectionViewLayoutProxy`.
        layout.collectionView = ASCollectionViewLayoutProxy(collectionNode: self)
    }

    /// The collection's view; Texture's `view`. It is made when the node loads (the hosting
    /// controller's view loads, see `ASDKViewController`), and Texture code touches it then: in
    /// `viewDidLoad()`, `didLoad()` or an `onDidLoad(_:)` block. Asking for it before the node has
    /// loaded is the programmer error Texture asserts on: Weft reports it (naming the rule), loads
    /// the node then, as Texture's `view` accessor does, and returns the view.
    @preconcurrency @MainActor public override var view: ASCollectionView {
        loadForEarlyViewAccess("collection node")
        return viewMadeIfNeeded
    }

    /// The view is made as the node loads; see `view`.
    @MainActor override func makeViewsForLoading() {
        super.makeViewsForLoading()
        _ = viewMadeIfNeeded
    }

    /// Texture's `init(frame:collectionViewLayout:)`.
    public convenience init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.init(collectionViewLayout: layout)
        self.frame = frame
    }

    /// A collection laid out by `layoutDelegate`, calculated on a background queue; Texture's
    /// `init(layoutDelegate:layoutFacilitator:)` (the facilitator is accepted and unused).
    public convenience init(layoutDelegate: any ASCollectionLayoutDelegate, layoutFacilitator: AnyObject? = nil) {
        self.init(collectionViewLayout: CollectionLayoutDelegateLayout(delegate: layoutDelegate))
    }

    /// A collection with a default vertical flow layout, as Texture's documentation constructs one.
    public convenience override init() {
        self.init(collectionViewLayout: UICollectionViewFlowLayout())
    }

    /// Supplies the elements; held weakly, as in Texture. Set it on the driving thread.
    public weak var dataSource: (any ASCollectionDataSource)? {
        didSet {
            settings[\.dataSourceSet] = dataSource != nil
            dataController.invalidateLoad()
        }
    }

    /// Sizes the elements; held weakly, as in Texture. Set it on the driving thread.
    public weak var delegate: (any ASCollectionDelegate)? {
        didSet { dataController.invalidateLoad() }
    }

    /// Gives node sizes for a custom layout when the delegate does not; held weakly, as in Texture.
    public weak var layoutInspector: (any ASCollectionViewLayoutInspecting)? {
        didSet { dataController.invalidateLoad() }
    }

    /// Weft's lazy measurement of long lists, beyond Texture: a load of more items than this, laid
    /// out by a flow layout or a layout delegate that knows its sizes, asks the data source for an
    /// item's node block and constrained size, and makes and measures its node, only when a frame,
    /// a range or a query first needs it; the first frame then costs what it shows and what lies
    /// above it, whatever the list's length. At or below it, the data source is asked for every
    /// item as the data loads and, with a `UICollectionViewLayout`, every node is made, as in
    /// Texture. Default 500; `Int.max` keeps Texture's behaviour for every list. Takes effect at
    /// the next load. Negative values are taken as 0 and reported.
    public var lazyMeasurementThreshold: Int {
        get { settings[\.lazyMeasurementThreshold] }
        set { settings.withLockedValue { $0.lazyMeasurementThreshold = nonNegative(newValue, "lazyMeasurementThreshold") } }
    }

    /// `value`, or 0 (reported) when it is negative.
    private func nonNegative(_ value: Int, _ property: String) -> Int {
        if value < 0 { WeftDiagnostics.report(.collection, "\(self).\(property)", "\(value) is negative; used 0") }
        return max(0, value)
    }

    /// Weft's bounded memory for very long lists, beyond Texture (which keeps a node for every
    /// element it has made, the default here too): when true, an item that leaves every range
    /// (visible, display, preload) gives up its node and keeps only its measured size, and its
    /// node block makes it again if it comes back. Peak memory then follows the viewport and the
    /// ranges, not the list. Items the data source handed over as ready nodes (`nodeForItemAt`)
    /// keep them. A cell's own state (selection, what it loaded) goes with its node. Applies to
    /// items that leave the ranges after it is set.
    public var releasesNodesOutsidePreloadRange: Bool {
        get { settings[\.releasesNodesOutsidePreloadRange] }
        set { settings[\.releasesNodesOutsidePreloadRange] = newValue }
    }

    /// Weft's own, beyond Texture: after each frame of a lazily measured list (see
    /// `lazyMeasurementThreshold`) with a flow layout, up to this many items past the last one
    /// shown are measured in the background, so the frames that scroll to them find their sizes
    /// ready. Default 256; 0 turns it off. Their nodes are kept as measured nodes are (at most
    /// this many more); with `releasesNodesOutsidePreloadRange`, only until the frames reach them
    /// or pass them (see `BackgroundMeasurement`). Pixels do not depend on it. Negative values
    /// are taken as 0 and reported.
    public var backgroundMeasurementLimit: Int {
        get { settings[\.backgroundMeasurementLimit] }
        set {
            let limit = nonNegative(newValue, "backgroundMeasurementLimit")
            settings[\.backgroundMeasurementLimit] = limit
            if limit == 0 { backgroundMeasurement.cancel() }
        }
    }

    /// Measures ahead of the frames; see `backgroundMeasurementLimit`.
    let backgroundMeasurement = BackgroundMeasurement()

    /// Whether the data is loaded and no load or reload is under way: only then may measuring
    /// ahead ask the data source (a reload means the model it would ask about is being replaced).
    var isSettledForQuietResolution: Bool { dataController.isSettled }

    /// After a frame: measures ahead of its last shown item, when the list is measured lazily by a
    /// layout that reads sizes as it goes. With `reach` (a frame sequence's furthest offset from
    /// this frame on), only as far as the content those frames show: the items past it, which a
    /// sequence never shows, cost a short sequence of a long list most of its start-up. The
    /// measured items' lengths along the scroll are added up as if each took a line of its own,
    /// so in a grid it stops early, never late; a frame measures what it finds unmeasured itself.
    func measureAheadInBackground(after visible: [(UICollectionViewLayoutAttributes, ASCellNode)], reach: CGPoint? = nil) {
        let (limit, releasing) = settings.withLockedValue { ($0.backgroundMeasurementLimit, $0.releasesNodesOutsidePreloadRange) }
        let deferred = dataController.itemsDeferred
        let items = visible.lazy.filter { $0.0.representedElementKind == nil }
        guard deferred, limit > 0, collectionViewLayout.readsSizesAsItGoes, let last = items.map(\.0.indexPath).max() else { return }
        let vertical = collectionViewLayout.scrollDirection == .vertical
        var extent = CGFloat.infinity
        if let reach, let shownEnd = items.map({ vertical ? $0.0.frame.maxY : $0.0.frame.maxX }).max() {
            extent = (vertical ? reach.y + bounds.height : reach.x + bounds.width) - shownEnd
        }
        backgroundMeasurement.schedule(map: layoutElements, after: last, count: extent > 0 ? limit : 0, extent: extent, vertical: vertical,
                                       releasing: releasing, collection: self)
    }

    /// With `releasesNodesOutsidePreloadRange`, remembers elements whose nodes the layout made only
    /// to measure them, so the next frame can give up those its ranges do not hold.
    func noteMeasuredForLayout(_ elements: [ASCollectionElement]) {
        guard !elements.isEmpty, releasesNodesOutsidePreloadRange else { return }
        settings.withLockedValue { $0.measuredForLayout += elements }
    }

    /// After a frame's range update: gives up the nodes made for measuring that no range holds.
    func releaseNodesMeasuredOutsideRanges() {
        let measured = settings.withLockedValue { s -> [ASCollectionElement] in defer { s.measuredForLayout = [] }; return s.measuredForLayout }
        let ranged: ASInterfaceState = [.preload, .display, .visible]
        for element in measured {
            guard let node = element.allocatedNode, node.interfaceState.isDisjoint(with: ranged), element.releaseNode() != nil else { continue }
            if node.interfaceState != [] { node.recursivelySetInterfaceState([]) }
        }
    }

    /// Texture's `cellLayoutMode`; see `ASCellLayoutMode`.
    public var cellLayoutMode: ASCellLayoutMode {
        get { settings[\.cellLayoutMode] }
        set { settings[\.cellLayoutMode] = newValue }
    }

    /// Flips the collection so the first item is at the bottom, with each cell upright; Texture's `inverted`.
    public var inverted: Bool {
        get { settings[\.inverted] }
        set { settings[\.inverted] = newValue }
    }

    /// Extra scrollable space around the content, as UIScrollView's `contentInset`. A NaN or
    /// infinite side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped to it, and
    /// reported (see `GeometryRepair`).
    public var contentInset: UIEdgeInsets {
        get { settings[\.contentInset] }
        set {
            let inset = GeometryRepair.insets(newValue, "\(self)", "contentInset")
            settings[\.contentInset] = inset
        }
    }

    /// The point of the content shown at the viewport's top left. A NaN or infinite component is
    /// set to 0, one past `WeftLimits.maximumScrollExtent` clamped to it, and reported
    /// (`snapshot(at:scale:)` throws for such an offset instead).
    public var contentOffset: CGPoint {
        get { settings[\.contentOffset] }
        set {
            let offset = GeometryRepair.point(newValue, "\(self)", "contentOffset")
            settings[\.contentOffset] = offset
        }
    }

    /// The viewport's frame; a size that is not finite and positive is kept (repaired, as any node's)
    /// and remembered, so the render that cannot use it names the value given.
    public override var frame: CGRect {
        get { super.frame }
        set {
            noteViewport(newValue.size)
            super.frame = newValue
        }
    }

    /// See `frame`.
    public override var bounds: CGRect {
        get { super.bounds }
        set {
            noteViewport(newValue.size)
            super.bounds = newValue
        }
    }

    private func noteViewport(_ size: CGSize) {
        let drawable = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        settings.withLockedValue { s in
            s.rejectedViewport = drawable ? nil : size
            s.viewportChanges &+= 1
        }
    }

    /// The viewport a load or relayout that began when `viewportChanges` was `start` may record
    /// as measured: its own, or `.zero` (the next access measures again) when the frame or bounds
    /// were set meanwhile or no longer have its size. The data source reads the live bounds as it answers, so the elements
    /// may have been measured for a size the load never saw at its start.
    private func measuredViewport(_ viewport: CGSize, sinceChanges start: Int) -> CGSize {
        settings[\.viewportChanges] == start && bounds.size == viewport ? viewport : .zero
    }

    /// The viewport size to name in an error: the one the caller gave, when it was repaired.
    var viewportForErrors: CGSize { settings.withLockedValue { $0.rejectedViewport } ?? bounds.size }

    /// UIScrollView's `setContentOffset(_:animated:)`; offscreen, animation is a frame sequence's job.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) { contentOffset = offset }

    /// Declares a kind of supplementary element (a section header, say) for which the data source
    /// supplies nodes; Texture's `registerSupplementaryNode(ofKind:)`.
    public func registerSupplementaryNode(ofKind kind: String) {
        settings.withLockedValue { s in
            if !s.supplementaryKinds.contains(kind) { s.supplementaryKinds.append(kind) }
        }
        dataController.invalidateLoad()
    }

    /// Drops every node and asks the data source again; Texture's `reloadData()`. A data source
    /// error is kept in `dataError` and makes the next render throw it.
    ///
    /// Called while a load or relayout is running (on another thread, or from the data source or a
    /// node block the load runs), it does not start a load inside that one: it runs once the
    /// running work has finished (even when a running load failed), as a reload requested during
    /// UIKit's update would. Edits made after it, before it has read the data source, are part of
    /// what it reads, as in Texture, where edits after `reloadData` apply over it; their
    /// completions get `true` when the running work ends. A reload requested during that follow-up
    /// from another thread (or main-actor work another thread asked for) runs after it in turn,
    /// as another follow-up; one its own data source answers or node blocks ask for is refused and
    /// reported, so a data source that reloads on every load cannot loop. From a node block
    /// outside a load, or from main-actor work a wait inside this thread's own use of the layout
    /// served, the data is marked stale and reloaded on the next query or frame; edits made
    /// meanwhile are part of what that load reads.
    public func reloadData() {
        // Measuring ahead must not ask the data source about the model being replaced.
        backgroundMeasurement.cancel()
        let inBlock = ElementAllocation.isRunningNodeBlock
        // Asked for by the running load's own work: a node block, or its data source answering it.
        let fromLoad = inBlock || dataController.isAnsweringLoad
        // Where a load cannot run now (see `loadDataIfNeeded`): it runs at the next query or frame.
        let later = inBlock || ASDataController.isApplying || layoutAccess.isSuspendedHere
        // Edits made from now on are part of what the coming load reads: absorbed, not validated
        // against the counts from before the reload (which would reject them).
        switch dataController.requestReload(fromLoad: fromLoad, later: later) {
        case .now:
            try? loadDataIfNeeded()
        case .afterRunningLoad:
            WeftDiagnostics.report(.collection, "\(self).reloadData()",
                                   "called while the collection was loading its data (from the data source, a node block or another thread); it runs when that load has finished")
        case .refused:
            WeftDiagnostics.report(.collection, "\(self).reloadData()",
                                   "called again during the reload it asked for, by that reload's own data source or node blocks; refused, so a data source or node block that reloads on every load cannot loop")
        case .onNextAccess:
            WeftDiagnostics.report(.collection, "\(self).reloadData()",
                                   "called where a load cannot run now (a node block, or main-actor work served inside this thread's own use of the layout); the data is reloaded on the next query or frame")
        }
    }

    /// Texture's `reloadData(completion:)`; the completion runs once the data is loaded.
    public func reloadData(completion: (() -> Void)?) {
        reloadData()
        completion?()
    }

    /// Keeps the error of a deferred item the data source could not describe (see
    /// `ElementResolver`): the collection's data is then in error, as after a failed load, and
    /// every render throws it until the data is reloaded.
    func noteDeferredItemError(_ error: CollectionError) {
        WeftDiagnostics.report(.collection, "\(self)", "\(error)")
        dataController.noteDeferredItemError(error)
    }

    /// Each element's place in the newest map submitted to the data source (the model it now
    /// describes); elements that map no longer holds are left out. Cheap when no batch is pending.
    @MainActor
    func dataSourcePositions(of elements: [ASCollectionElement]) -> [ObjectIdentifier: IndexPath] {
        guard let pending = dataController.submittedMap else {
            WeftDiagnostics.report(.collection, "\(self)", "a batch held during a relayout does not fit the map before it; \(elements.count) item(s) are shown empty (please report)")
            return [:]
        }
        var result: [ObjectIdentifier: IndexPath] = [:]
        var moved: [ASCollectionElement] = []
        for element in elements {
            let path = element.indexPath
            if pending.element(at: path) === element { result[ObjectIdentifier(element)] = path } else { moved.append(element) }
        }
        if !moved.isEmpty {
            let all = pending.positions
            for element in moved { result[ObjectIdentifier(element)] = all[ObjectIdentifier(element)] }
        }
        return result
    }

    /// Why the last load of the data source failed; nil when it succeeded.
    public var dataError: CollectionError? { dataController.loadError }

    /// Loads the data source's elements if they are not loaded for the current viewport, and
    /// prepares the layout. Throws the data source's errors. While a load is running (the data
    /// source or a node block asked for something that loads), this returns at once and the
    /// collection answers from the data it had: a load never starts inside another.
    public func loadDataIfNeeded() throws(CollectionError) {
        let viewport = bounds.size
        let vertical = collectionViewLayout.scrollDirection == .vertical
        // A node block (which a frame or a batch may be waiting for) or a batch being applied does
        // not load or relayout: that would wait for the layout or the batches that wait for it.
        // It answers from the data there is; the next query or frame elsewhere does the work.
        // Nor does main-actor work a wait inside this thread's own use of the layout served: that
        // use is mid-step (see `LayoutAccess`).
        let mayReplace = !ElementAllocation.isRunningNodeBlock && !ASDataController.isApplying && !layoutAccess.isSuspendedHere
        // A load is announced with its decision: an edit made from then on is part of what it reads.
        try run(dataController.nextLoadStep(viewport: viewport, vertical: vertical, mayReplace: mayReplace), viewport: viewport)
    }

    /// Runs `step`, then the follow-up loads that reloads asked for meanwhile, as many as other
    /// threads ask for (a data source or node block that reloads on every load cannot loop, as
    /// `reloadData()` refuses what a follow-up's own work asks for). Each follow-up takes over
    /// from the work before it without letting the data stop running, so no other thread's
    /// relayout or frame starts in between and leaves the reload undone.
    private func run(_ first: LoadLifecycle.Step, viewport: CGSize) throws(CollectionError) {
        var step = first
        while true {
            var failure: CollectionError?
            switch step {
            case .busy: return
            case .current(let error):
                if let error { throw error }
                if !ASDataController.isOnEditingQueue { adoptPublishedMap() }
                return
            case .relayout:
                backgroundMeasurement.cancel()
                relayout(viewport: viewport)
            case .load:
                backgroundMeasurement.cancel()
                do throws(CollectionError) { try load(viewport: viewport) } catch { failure = error }
            }
            let followUp = dataController.endRunning()
            // A reload asked for during a load that failed still runs: it supersedes the failure
            // (and the edits it absorbed are read by it); only the last load's failure is thrown.
            if let failure, !followUp { throw failure }
            guard followUp else { return }
            step = .load
        }
    }

    /// One load of the data source, replacing the elements; on failure the collection is empty and
    /// keeps the error. Called with the data marked running (`LoadLifecycle.running`). Holds the map meanwhile (see
    /// `ASDataController.beginReplacement`): edits made during it are applied after it.
    private func load(viewport: CGSize) throws(CollectionError) {
        try layoutAccess.entering("\(self): a load") { () throws(CollectionError) in try loadHoldingLayout(viewport: viewport) }
    }

    private func loadHoldingLayout(viewport: CGSize) throws(CollectionError) {
        // False only when this thread already holds the map (a load inside its own relayout).
        let holds = dataController.beginReplacement(.load, waitIfBusy: true)
        let (old, base) = { let v = dataController.visible; return (v.map, v.generation) }()
        var failure: CollectionError?
        reportReleasedDataSource()
        do {
            let changes = settings[\.viewportChanges]
            let (loadedData, deferred) = try loader(for: viewport).load()
            publishReplacing(loadedData, over: base, .loaded(viewport: measuredViewport(viewport, sinceChanges: changes), itemsDeferred: deferred, error: nil))
            for node in old.allocatedNodes { node.recursivelySetInterfaceState([]) }
            rangeController.reset()
        } catch {
            publishReplacing(ASElementMap(), over: base, .loaded(viewport: viewport, itemsDeferred: nil, error: error))
            failure = error
        }
        if holds { dataController.endReplacement(failure: failure) }
        collectionViewLayout.invalidateLayout()
        if let failure { throw failure }
        collectionViewLayout.prepareIfNeeded()
        noteWhetherContentFits()
    }

    /// Publishes a load's or relayout's map over generation `base`, with what it did, and lets
    /// the layout see it. Holding the map, nothing else can have published since; if something
    /// did, it is reported and the map published anyway (the replacement is newer than what
    /// slipped in).
    private func publishReplacing(_ map: ASElementMap, over base: Int, _ outcome: ASDataController.ReplacementOutcome) {
        dataController.publishReplacement(map, over: base, outcome, force: true)
        adoptPublishedMap()
    }

    /// Measures every node again with fresh constrained sizes, keeping the nodes; Texture's
    /// `relayoutItems()`. Also done automatically when the viewport's cross size changes.
    public func relayoutItems() {
        guard dataController.beginRelayout() else { return }
        // A `reloadData()` made during the relayout runs right after it, as after a load (see
        // `reloadData()`).
        try? run(.relayout, viewport: bounds.size)
    }

    /// Reports (area `.collection`) a load whose data source was set and has been deallocated since,
    /// its own or the one a table's or pager's adapter forwards to. All of them are held weakly, as
    /// in Texture, so the load finds no items: without this, a caller that kept the node but not its
    /// data source (a sample's node taken out of a temporary `CollectionSample`, say) got blank
    /// frames that looked like a drawing fault. Called on the thread that loads, holding the map.
    private func reportReleasedDataSource() {
        let released: Bool
        if let forwarding = dataSource as? any ForwardingDataSource {
            released = forwarding.forwardedSourceWasReleased
        } else {
            released = dataSource == nil && settings.withLockedValue { $0.dataSourceSet }
        }
        guard released else { return }
        WeftDiagnostics.report(.collection, "\(self)", "its data source was deallocated (held weakly, as in Texture): the collection loads "
                               + "no items and draws only its background; keep a strong reference to the data source while the node is used")
    }

    func loader(for viewport: CGSize) -> CollectionDataLoader {
        CollectionDataLoader(collectionNode: self, dataSource: dataSource, delegate: delegate, layout: collectionViewLayout,
                             viewport: viewport, supplementaryKinds: settings.withLockedValue { $0.supplementaryKinds },
                             serialize: cellLayoutMode.contains(.serializeNodeCreation), layoutNeedsAllNodes: collectionViewLayout.needsAllNodes,
                             resolver: collectionViewLayout.canMeasureLazily ? ElementResolver(collection: self, viewport: viewport) : nil,
                             lazyThreshold: lazyMeasurementThreshold, defersItems: dataController.itemsDeferred)
    }

    /// Measures every made node again for `viewport`, holding the layout and the map meanwhile.
    private func relayout(viewport: CGSize) {
        layoutAccess.entering("\(self): a relayout") { relayoutHoldingLayout(viewport: viewport) }
    }

    private func relayoutHoldingLayout(viewport: CGSize) {
        guard dataController.beginReplacement(.relayout, waitIfBusy: true) else { return }
        let visible = dataController.visible
        // The viewport is recorded with the map, before the held batches are let go: one asked
        // for another viewport sees it differs.
        let changes = settings[\.viewportChanges]
        let map = loader(for: viewport).remeasure(visible.map)
        publishReplacing(map, over: visible.generation, .relaidOut(viewport: measuredViewport(viewport, sinceChanges: changes)))
        dataController.endReplacement()
        collectionViewLayout.invalidateLayout()
        collectionViewLayout.prepareIfNeeded()
    }

    // MARK: Queries

    /// Texture's `numberOfSections`; the data is loaded first if it never was, as Texture's
    /// `reloadDataInitiallyIfNeeded`. Counts every batch queued so far, applied or not (see
    /// `pendingElements`).
    public var numberOfSections: Int {
        try? loadDataIfNeeded()
        return pendingElements.sections.count
    }

    /// Texture's `numberOfItems(inSection:)`; 0 for a section out of range. Loads the data first
    /// if it never was, and counts the batches queued so far, as `numberOfSections`.
    public func numberOfItems(inSection section: Int) -> Int {
        try? loadDataIfNeeded()
        return pendingElements.numberOfItems(inSection: section)
    }

    /// The map after every batch submitted so far; Texture's pending map, which its item queries
    /// answer: a batch is in it as soon as it is submitted, while one applied asynchronously
    /// (after a `reloadData()`, or content larger than the bounds) reaches the visible map later,
    /// and one held back by a load or relayout running on another thread when that ends.
    var pendingElements: ASElementMap {
        dataController.submittedMap ?? dataController.state.withLock { $0.pending }
    }

    /// The loaded elements; Texture's element map.
    public var elements: ASElementMap { dataController.visible.map }

    /// The map the layout is prepared from; see `LayoutAccess.adopted`.
    var layoutElements: ASElementMap { layoutAccess.adopted.map }

    /// How many times the visible map was replaced.
    var publishedGeneration: Int { dataController.visible.generation }

    /// Lets the layout see the visible map if a batch replaced it since. Left to the next frame
    /// when another thread uses the layout now, or this thread's use waits beneath the caller
    /// (see `LayoutAccess`): it would swap the map under a layout step in progress.
    func adoptPublishedMap() {
        layoutAccess.tryEntering {
            let published = dataController.visible
            if layoutAccess.adopt(published) { collectionViewLayout.invalidateLayout() }
            // Here, as the layout takes the map: the offset moves with the batch that asked for it.
            keepAnchoredItemInPlace(shownBy: layoutAccess.adopted.generation)
        }
    }

    /// The node of an item, allocated now if it was not yet; Texture's `nodeForItem(at:)`, read from
    /// `pendingElements`. Nil out of range.
    public func nodeForItem(at indexPath: IndexPath) -> ASCellNode? {
        try? loadDataIfNeeded()
        return pendingElements.element(at: indexPath)?.node
    }

    /// The node model the data source gave for an item (`collectionNode(_:nodeModelForItemAt:)`);
    /// Texture's `nodeModelForItem(at:)`. Nil out of range or when it gave none. Loads the data
    /// first if it never was, as `nodeForItem(at:)`.
    public func nodeModelForItem(at indexPath: IndexPath) -> Any? {
        try? loadDataIfNeeded()
        return elements.element(at: indexPath)?.nodeModel
    }

    /// The node of a section's supplementary element of `kind`, allocated now if it was not yet.
    /// Loads the data first if it never was, as `nodeForItem(at:)`.
    public func nodeForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> ASCellNode? {
        try? loadDataIfNeeded()
        return elements.supplementaryElement(ofKind: kind, section: indexPath.section)?.node
    }

    /// Texture's `supplementaryNode(forElementKind:at:)`: `nodeForSupplementaryElement(ofKind:at:)`.
    public func supplementaryNode(forElementKind elementKind: String, at indexPath: IndexPath) -> ASCellNode? {
        nodeForSupplementaryElement(ofKind: elementKind, at: indexPath)
    }

    /// Where an item's node is; Texture's `indexPath(for:)`. Nil for a node not in the collection.
    public func indexPath(for cellNode: ASCellNode) -> IndexPath? {
        guard let indexPath = cellNode.indexPath, cellNode.supplementaryElementKind == nil,
              elements.element(at: indexPath)?.allocatedNode === cellNode else { return nil }
        return indexPath
    }

    /// The index path of an item, throwing a clear error when it is out of range.
    func checked(_ indexPath: IndexPath) throws(CollectionError) -> IndexPath {
        let d = elements
        let (sections, items) = (d.sections.count, d.sections.indices.contains(indexPath.section) ? d.sections[indexPath.section].items.count : nil)
        guard indexPath.count == 2, let items, indexPath.item >= 0, indexPath.item < items else {
            throw .indexPathOutOfRange(indexPath, sections: sections, items: items)
        }
        return indexPath
    }
}
