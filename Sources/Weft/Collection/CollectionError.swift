import Foundation

/// Why a collection node could not load its data or render a frame. Each message names the
/// section, index path or value at fault.
public enum CollectionError: Error, Equatable, CustomStringConvertible {
    /// `numberOfSections(in:)` returned a negative count.
    case negativeSectionCount(Int)
    /// `collectionNode(_:numberOfItemsInSection:)` returned a negative count.
    case negativeItemCount(section: Int, count: Int)
    /// `numberOfSections(in:)` returned more than `WeftLimits.maximumSections`.
    case tooManySections(Int, limit: Int)
    /// `collectionNode(_:numberOfItemsInSection:)` returned more than `WeftLimits.maximumItemsPerSection`.
    case tooManyItemsInSection(section: Int, count: Int, limit: Int)
    /// The sections' item counts add up to more than `WeftLimits.maximumItems`; `total` is the sum
    /// up to and including `section`, where the limit was passed.
    case tooManyItems(section: Int, total: Int, limit: Int)
    /// The constrained size asked for an element (`collectionNode(_:constrainedSizeForItemAt:)`, a
    /// header or footer range, a layout inspector's or a layout delegate's) has a NaN, negative or
    /// infinite minimum, or a NaN or negative maximum.
    case invalidConstrainedSize(IndexPath, kind: String?, ASSizeRange)
    /// A content offset that is not finite, given to `snapshot(at:scale:)` or in a frame sequence.
    case invalidContentOffset(CGPoint)
    /// An index path outside the collection's sections and items.
    case indexPathOutOfRange(IndexPath, sections: Int, items: Int?)
    /// The data source returned nil instead of a node or node block, and is not an
    /// `ASCollectionDataSourceInterop` (or, for a supplementary element, does not implement
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`), so no UIKit cell can take its place.
    case nilNode(IndexPath, kind: String?)
    /// An item is a UIKit cell but nothing gives its size: no delegate
    /// `collectionNode(_:constrainedSizeForItemAt:)`, no `layoutInspector`, no flow `itemSize`.
    case noSizeForUIKitCell(IndexPath)
    /// `dequeueReusableCell(withReuseIdentifier:for:)` (or the supplementary variant, `kind`) was
    /// asked for an identifier no class was registered for.
    case unregisteredReuseIdentifier(String, IndexPath, kind: String?)
    /// The data source implements none of the node or node-block methods.
    case noNodeSource(IndexPath, kind: String?)
    /// A viewport that is not finite and positive.
    case invalidViewport(CGSize)
    /// A scale that is not finite and within `Bitmap.scaleRange`.
    case invalidScale(CGFloat)
    /// A frame count or a scroll parameter that makes no sequence.
    case invalidSequence(String)
    /// A sequence of more than `WeftLimits.maximumFrames` frames.
    case tooManyFrames(Int, limit: Int)
    /// Rendering a frame failed.
    case renderFailed(String)

    public var description: String {
        func path(_ p: IndexPath) -> String { p.count == 2 ? "section \(p.section), item \(p.item)" : "\(Array(p)), not a (section, item) pair" }
        switch self {
        case .negativeSectionCount(let count):
            return "numberOfSections(in:) returned \(count); a section count must be 0 or more"
        case let .negativeItemCount(section, count):
            return "collectionNode(_:numberOfItemsInSection: \(section)) returned \(count); an item count must be 0 or more"
        case let .tooManySections(count, limit):
            return "numberOfSections(in:) returned \(count); a collection holds at most \(limit) sections (WeftLimits.maximumSections)"
        case let .tooManyItemsInSection(section, count, limit):
            return "collectionNode(_:numberOfItemsInSection: \(section)) returned \(count); a section holds at most \(limit) items (WeftLimits.maximumItemsPerSection)"
        case let .tooManyItems(section, total, limit):
            return "sections 0 to \(section) hold \(total) items together; a collection holds at most \(limit) items (WeftLimits.maximumItems)"
        case let .invalidConstrainedSize(indexPath, kind, range):
            return "the constrained size for the \(kind ?? "item") at \(path(indexPath)) is \(range); a minimum must be finite and 0 or more, a maximum not NaN and 0 or more"
        case .invalidContentOffset(let offset):
            return "invalid content offset (\(offset.x), \(offset.y)): both coordinates must be finite"
        case let .tooManyFrames(count, limit):
            return "a frame sequence of \(count) frames is too long; the limit is \(limit) (WeftLimits.maximumFrames)"
        case let .indexPathOutOfRange(indexPath, sections, items):
            let extent = items.map { "section \(indexPath.section) has \($0) items" } ?? "the collection has \(sections) sections"
            return "index path (\(path(indexPath))) is out of range: \(extent)"
        case let .nilNode(indexPath, kind):
            let rule = kind == nil
                ? "only an ASCollectionDataSourceInterop may return nil (the item is then its collectionView(_:cellForItemAt:) cell)"
                : "only an ASCollectionDataSourceInterop implementing collectionView(_:viewForSupplementaryElementOfKind:at:) may return nil"
            return "the data source returned nil for the \(kind ?? "item") at \(path(indexPath)); \(rule): return a node or a node block"
        case .noSizeForUIKitCell(let indexPath):
            return "the item at \(path(indexPath)) is a UIKit cell with no size: give it one with the delegate's collectionNode(_:constrainedSizeForItemAt:) (flow layouts), the view's layoutInspector (custom layouts) or a flow layout's itemSize"
        case let .unregisteredReuseIdentifier(identifier, indexPath, kind):
            let method = kind == nil ? "register(_:forCellWithReuseIdentifier:)" : "register(_:forSupplementaryViewOfKind: \"\(kind!)\", withReuseIdentifier:)"
            return "no class is registered for reuse identifier \"\(identifier)\" (dequeued for the \(kind ?? "item") at \(path(indexPath))); call \(method) on collectionNode.view first"
        case let .noNodeSource(indexPath, kind):
            return "the data source implements no node or node-block method for the \(kind ?? "item") at \(path(indexPath))"
        case .invalidViewport(let size):
            return "invalid viewport \(size.width)×\(size.height): both sides must be finite and positive"
        case .invalidScale(let scale):
            return "invalid scale \(scale): it must be a finite number in \(Bitmap.scaleRange)"
        case .invalidSequence(let reason):
            return "invalid frame sequence: \(reason)"
        case .renderFailed(let reason):
            return "could not render the collection: \(reason)"
        }
    }
}
