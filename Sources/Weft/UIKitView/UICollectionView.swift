import Foundation

/// UIKit's `UICollectionView`, as Texture code meets it: the class of `collectionNode.view`
/// (`ASCollectionView`, its subclass), so methods typed with `UICollectionView` (the interop data
/// source's, say) receive it. It carries UIKit's registration and reuse of cells: register a cell
/// class with `register(_:forCellWithReuseIdentifier:)`, dequeue with
/// `dequeueReusableCell(withReuseIdentifier:for:)`; a cell that leaves the viewport goes back to
/// its identifier's pool and is handed out again, after `prepareForReuse()`. Its counts are the
/// collection node's. Only an `ASCollectionNode` makes one. Main-actor isolated, as in UIKit.
///
/// Layouts do not read this class: they prepare off the main actor and read
/// `ASCollectionViewLayoutProxy`, see `UICollectionViewLayout.collectionView`.
@preconcurrency @MainActor
public class UICollectionView: UIScrollView {
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// UIKit's `UICollectionView.ScrollPosition` for `scrollToItem(at:at:animated:)`.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout the collection node was made with.
    public let collectionViewLayout: UICollectionViewLayout
    /// UIKit's selection settings; an `ASCollectionView`'s are its node's (see
    /// `ASCollectionNode.selectItem(at:animated:scrollPosition:)`). A UIKit cell draws its
    /// `isSelected` look when the app sets it.
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// The node whose elements this view shows; weak, as the node owns the view.
    weak var owner: ASCollectionNode?

    /// Registered classes, by `ReuseKey`.
    private var registrations: [ReuseKey: UICollectionReusableView.Type] = [:]
    /// Views that left the viewport, ready to be handed out again, by `ReuseKey`.
    private var pool: [ReuseKey: [UICollectionReusableView]] = [:]
    /// How many views the registrations have made: a bounded number when cells are reused.
    private(set) var reusableViewsMade = 0
    /// An unregistered identifier was dequeued while the collection asked for a cell: the frame
    /// being composited throws it (UIKit raises).
    var dequeueError: CollectionError?

    /// The UIKit views on screen as of the last composited frame, by the identity of the node that
    /// holds their element's place; see `ASCollectionView.displayInteropCells`.
    var displayedViews: [ObjectIdentifier: DisplayedView] = [:]
    /// The cells `cellForItem(at:)` handed out for node items on screen, by their node's identity.
    var nodeCells: [ObjectIdentifier: _ASCollectionViewCell] = [:]

    /// A UIKit cell (or supplementary view) on screen.
    struct DisplayedView {
        let node: ASCellNode
        let view: UICollectionReusableView
        var indexPath: IndexPath
        let kind: String?
    }

    /// A cell's identifier, or a supplementary view's kind and identifier.
    struct ReuseKey: Hashable {
        let kind: String?
        let identifier: String
    }

    init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout, owner: ASCollectionNode) {
        collectionViewLayout = layout
        self.owner = owner
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewLayout()
        super.init(coder: coder)
    }

    /// The sections of the collection node; UIKit's `numberOfSections`.
    public var numberOfSections: Int { owner?.numberOfSections ?? 0 }

    /// The items in `section`; 0 for a section out of range. UIKit's `numberOfItems(inSection:)`.
    public func numberOfItems(inSection section: Int) -> Int { owner?.numberOfItems(inSection: section) ?? 0 }

    // MARK: Hit testing

    /// UIKit's, with the cells on screen as its subviews: the front-most visible item whose cell
    /// holds `point` (in the view's coordinates, which are the content's) is hit tested in its
    /// cell; a node's item answers its node's view (or a view in it), which Texture's cell shows.
    /// Then the views added to the collection, then the collection itself.
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point, with: event) else { return nil }
        for indexPath in (owner?.indexPathsForVisibleItems ?? []).reversed() {
            guard let cell = cellForItem(at: indexPath), cell.frame.contains(point) else { continue }
            let shown: UIView = (cell as? _ASCollectionViewCell)?.node?.view ?? cell
            if let hit = shown.hitTest(CGPoint(x: point.x - cell.frame.minX, y: point.y - cell.frame.minY), with: event) {
                return hit
            }
        }
        return super.hitTest(point, with: event)
    }

    // MARK: Registration and reuse

    /// Registers the cell class that `dequeueReusableCell(withReuseIdentifier:for:)` makes for
    /// `identifier`; nil removes the registration. A class that is not a `UICollectionViewCell` is
    /// reported and not registered.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        register(cellClass, key: ReuseKey(kind: nil, identifier: identifier), base: UICollectionViewCell.self)
    }

    /// Registers the view class that `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`
    /// makes for `kind` and `identifier`; nil removes the registration.
    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        register(viewClass, key: ReuseKey(kind: kind, identifier: identifier), base: UICollectionReusableView.self)
    }

    private func register(_ viewClass: AnyClass?, key: ReuseKey, base: UICollectionReusableView.Type) {
        pool[key] = nil
        guard let viewClass else { registrations[key] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type, key.kind != nil || type is UICollectionViewCell.Type else {
            WeftDiagnostics.report(.view, "\(Self.self).register", "\(viewClass) is not a \(base) subclass; reuse identifier \"\(key.identifier)\" was not registered")
            return
        }
        registrations[key] = type
    }

    /// A cell for `identifier`: one from its reuse pool (after `prepareForReuse()`), else a new one
    /// of the registered class. For an identifier nothing was registered for, UIKit raises; Weft
    /// reports it, returns an empty cell, and the frame being rendered throws
    /// `CollectionError.unregisteredReuseIdentifier`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let view = dequeue(ReuseKey(kind: nil, identifier: identifier), at: indexPath)
        // Registration only accepts cell classes for cell identifiers.
        return view as? UICollectionViewCell ?? UICollectionViewCell(frame: .zero)
    }

    /// A supplementary view for `kind` and `identifier`, as `dequeueReusableCell` gives cells.
    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> UICollectionReusableView {
        dequeue(ReuseKey(kind: elementKind, identifier: identifier), at: indexPath)
    }

    private func dequeue(_ key: ReuseKey, at indexPath: IndexPath) -> UICollectionReusableView {
        if var pooled = pool[key], let view = pooled.popLast() {
            pool[key] = pooled
            view.prepareForReuse()
            return view
        }
        guard let type = registrations[key] else {
            let error = CollectionError.unregisteredReuseIdentifier(key.identifier, indexPath, kind: key.kind)
            WeftDiagnostics.report(.view, "\(Self.self).dequeue", "\(error)")
            if dequeueError == nil { dequeueError = error }
            return key.kind == nil ? UICollectionViewCell(frame: .zero) : UICollectionReusableView(frame: .zero)
        }
        let view = type.init(dequeuedWithFrame: .zero)
        view.reuseIdentifier = key.identifier
        reusableViewsMade += 1
        return view
    }

    /// Puts a view that left the viewport back in its pool; one without a reuse identifier (not
    /// dequeued here) is dropped.
    func enqueueForReuse(_ view: UICollectionReusableView, kind: String?) {
        guard let identifier = view.reuseIdentifier else { return }
        pool[ReuseKey(kind: kind, identifier: identifier), default: []].append(view)
    }
}
