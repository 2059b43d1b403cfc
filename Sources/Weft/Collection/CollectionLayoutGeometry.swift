import Foundation

/// A layout whose item frames follow from arithmetic, so a layout state answers each query from
/// what the query covers instead of storing a frame per element (the gallery's
/// `GalleryLayoutGeometry`). Items only: such a layout has no supplementary elements.
/// Immutable; use from any thread.
protocol CollectionLayoutGeometry: Sendable {
    /// The items whose frames intersect `rect`, in layout order: exactly the filter over every
    /// item's frame.
    func items(in rect: CGRect) -> [(indexPath: IndexPath, frame: CGRect)]
    /// The item's frame, or nil when the layout has no such item.
    func frameForItem(at indexPath: IndexPath) -> CGRect?
}
