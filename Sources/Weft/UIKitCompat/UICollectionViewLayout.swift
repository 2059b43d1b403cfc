import Foundation

/// The base of collection layouts; UIKit's `UICollectionViewLayout`. Subclass it for a custom
/// layout: override `prepare()` to compute attributes (reading item counts and measured sizes
/// from `collectionView`), `collectionViewContentSize`, and the attribute queries.
/// Used on the collection node's thread.
open class UICollectionViewLayout {
    // SAFETY: a layout is prepared and queried by its collection node on the thread that drives it.

    /// The collection this layout lays out, as layouts read it off the main actor (see
    /// `ASCollectionViewLayoutProxy` for why it is not the main-actor `ASCollectionView`); set by
    /// the collection node.
    public internal(set) var collectionView: ASCollectionViewLayoutProxy?

    public init() {}

    /// Layouts are not decoded from archives (storyboards, nibs) here: this reports it and returns
    /// nil. Declared as UIKit declares it, so subclasses written for UIKit compile unchanged.
    public required init?(coder: NSCoder) {
        WeftDiagnostics.report(.collection, "\(Self.self)", "a collection layout cannot be decoded from an archive (storyboard or nib); use init()")
        return nil
    }

    /// Where scrolling should stop when the layout changes or a fling ends; UIKit's
    /// `targetContentOffset(forProposedContentOffset:)`, which returns the proposal. Declared so
    /// UIKit layouts that override it compile; Weft never asks it, since offscreen there are no
    /// layout transitions or flings: frame sequences set every offset themselves.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Whether a change of the collection's bounds needs a new layout; UIKit's
    /// `shouldInvalidateLayout(forBoundsChange:)`, false by default. Declared so UIKit layouts
    /// that override it compile; Weft does not ask it: a collection node lays out again whenever
    /// its size changes and never for a scroll, as Texture's does.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Computes the layout; called before the first query and after `invalidateLayout()`.
    open func prepare() {}

    /// Whether the layout's frames are mirrored when the collection's
    /// `effectiveUserInterfaceLayoutDirection` is not `developmentLayoutDirection`; UIKit's
    /// property, false here and true for `UICollectionViewFlowLayout`, as in UIKit. The layout
    /// is then computed in its development direction and reflected in the collection's width
    /// (a horizontally scrolling layout: in its content's width, at least the collection's).
    /// In Weft only the flow layout applies it; a custom layout that returns true is not flipped
    /// (it can read `collectionView.effectiveUserInterfaceLayoutDirection` and place its items itself).
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// The direction the layout's frames are computed in; UIKit's property, left to right.
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether the frames are to be mirrored now: the layout flips and the collection's direction
    /// is the opposite of the development one. Read when the layout is prepared.
    final var mirrorsHorizontally: Bool {
        guard flipsHorizontallyInOppositeLayoutDirection, let collectionView else { return false }
        return collectionView.effectiveUserInterfaceLayoutDirection != developmentLayoutDirection
    }

    /// The size of the whole content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame intersects `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Marks the layout stale; the collection prepares it again before its next query.
    open func invalidateLayout() {
        needsPrepare = true
    }

    var needsPrepare = true

    /// Whether the layout reads every element's measured size, so all nodes are made while loading
    /// (Texture's behaviour with a `UICollectionViewLayout`), unless the layout also measures as it
    /// goes (`canMeasureLazily`) and the list is past `ASCollectionNode.lazyMeasurementThreshold`.
    /// Layouts driven by an `ASCollectionLayoutDelegate` that knows sizes without nodes say no.
    var needsAllNodes: Bool { true }

    /// Whether the layout can work with elements whose nodes (and data-source answers) come only
    /// when it reads their sizes: those that do not need every node, and those that measure as
    /// they go (the flow layout). See `ASCollectionNode.lazyMeasurementThreshold`.
    var canMeasureLazily: Bool { !needsAllNodes }

    /// Whether a lazily measured list gains from measuring items ahead of the frames, in the
    /// background (`BackgroundMeasurement`): layouts that read sizes, but as they go. A layout
    /// delegate that knows sizes without nodes (the gallery) gains nothing.
    final var readsSizesAsItGoes: Bool { needsAllNodes && canMeasureLazily }

    /// The content size for a caller that only needs to know whether the content reaches `length`
    /// along the scrolling axis (batch fetching, Texture's synchronous-update rule): a layout that
    /// lays out lazily may stop past `length` and answer what it has; others answer
    /// `collectionViewContentSize`.
    func contentSize(measuringThrough length: CGFloat) -> CGSize { collectionViewContentSize }

    /// The range an item is measured in, when the layout knows it; nil leaves the collection's
    /// usual sizing.
    func constrainedSizeForItem(at indexPath: IndexPath, in collectionNode: ASCollectionNode) -> ASSizeRange? { nil }

    /// Prepares the layout if it is stale.
    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// The direction the content scrolls; vertical unless a subclass says otherwise.
    open var scrollDirection: UICollectionView.ScrollDirection {
        get { .vertical }
        set {}
    }
}
