import Foundation

/// A data source that mixes plain UIKit cells among the node cells; Texture's
/// `ASCollectionDataSourceInterop`.
///
/// Return nil from `collectionNode(_:nodeBlockForItemAt:)` (or `nodeForItemAt`) for an item that
/// is a UIKit cell, register the cell class on `collectionNode.view`
/// (`register(_:forCellWithReuseIdentifier:)`) once the node has loaded, and return
/// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)` from
/// `collectionView(_:cellForItemAt:)`. Such a cell needs a size from the delegate's
/// `collectionNode(_:constrainedSizeForItemAt:)` (flow layouts), the `layoutInspector` (custom
/// layouts) or a flow layout's `itemSize`; it is the range's maximum where that is finite, else
/// its minimum. As Texture's documentation warns, UIKit cells get none of the node cells'
/// preloading or asynchronous layout and drawing: the collection asks for them as they enter the
/// viewport and they draw synchronously, on the main actor, when each frame is composited; a cell
/// that leaves the viewport goes back to its reuse pool.
@preconcurrency @MainActor
public protocol ASCollectionDataSourceInterop: ASCollectionDataSource {
    /// The UIKit cell for an item whose node block (or node) was nil.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// The UIKit view for a supplementary element whose node block (or node) was nil. Optional:
    /// without it, such an element is an error (`CollectionError.nilNode`).
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// Whether `collectionView(_:cellForItemAt:)` is asked for node-backed items too (false by
    /// default): their cell is drawn under the node, which sits in its content view.
    static var dequeuesCellsForNodeBackedItems: Bool { get }
}

extension ASCollectionDataSourceInterop {
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        DefaultAnswer.mark()
        return UICollectionReusableView(frame: .zero)
    }

    public static var dequeuesCellsForNodeBackedItems: Bool { false }
}

/// A delegate told when UIKit cells enter and leave the viewport; Texture's
/// `ASCollectionDelegateInterop`. Both methods are optional.
///
/// The collection tells it from one composited frame to the next, in UIKit's order: cells that
/// left first (`didEndDisplaying`, each then going back to its reuse pool, so a cell can be
/// reused in the same pass), then cells that entered (`willDisplay`, right after
/// `collectionView(_:cellForItemAt:)` made them), each group in index-path order.
@preconcurrency @MainActor
public protocol ASCollectionDelegateInterop: ASCollectionDelegate {
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension ASCollectionDelegateInterop {
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}
