import Foundation

/// Why a collection node could not load its data or render a frame. Each message names the
/// section, index path or value at fault.
public enum CollectionError: Error, Equatable, CustomStringConvertible {
    /// `numberOfSections(in:)` returned a negative count.
    case negativeSectionCount(Int)
    /// `collectionNode(_:numberOfItemsInSection:)` returned a negative count.
    case negativeItemCount(section: Int, count: Int)
    /// An index path outside the collection's sections and items.
    case indexPathOutOfRange(IndexPath, sections: Int, items: Int?)
    /// The data source returned nil instead of a node or node block. Texture treats that as an
    /// interop (UIKit) cell, which Weft does not support yet.
    case nilNode(IndexPath, kind: String?)
    /// The data source implements none of the node or node-block methods.
    case noNodeSource(IndexPath, kind: String?)
    /// A viewport that is not finite and positive.
    case invalidViewport(CGSize)
    /// A scale that is not finite and within `Bitmap.scaleRange`.
    case invalidScale(CGFloat)
    /// A frame count or a scroll parameter that makes no sequence.
    case invalidSequence(String)
    /// Rendering a frame failed.
    case renderFailed(String)

    public var description: String {
        func path(_ p: IndexPath) -> String { "section \(p.section), item \(p.item)" }
        switch self {
        case .negativeSectionCount(let count):
            return "numberOfSections(in:) returned \(count); a section count must be 0 or more"
        case let .negativeItemCount(section, count):
            return "collectionNode(_:numberOfItemsInSection: \(section)) returned \(count); an item count must be 0 or more"
        case let .indexPathOutOfRange(indexPath, sections, items):
            let extent = items.map { "section \(indexPath.section) has \($0) items" } ?? "the collection has \(sections) sections"
            return "index path (\(path(indexPath))) is out of range: \(extent)"
        case let .nilNode(indexPath, kind):
            return "the data source returned nil for the \(kind ?? "item") at \(path(indexPath)); interop cells are not supported yet, return a node or a node block"
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
