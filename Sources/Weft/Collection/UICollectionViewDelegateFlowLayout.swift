import Foundation

/// UIKit's `UICollectionViewDelegateFlowLayout`, as a collection node's delegate adopts it: a
/// delegate that also conforms sizes a flow layout's section headers and footers with
/// `referenceSizeForHeaderInSection` / `referenceSizeForFooterInSection`, as Texture's flow layout
/// inspector asks them when the delegate does not implement
/// `collectionNode(_:sizeRangeForHeaderInSection:)` (or the footer's): the length along the
/// scrolling axis is the size's; across it the header spans the collection. Both are optional;
/// without them the layout's `headerReferenceSize` / `footerReferenceSize` is used. Weft's flow
/// layout takes its item sizes from the nodes and its insets and spacing from its own
/// properties, so UIKit's other flow-layout delegate methods are not declared here.
/// Called on the main actor, as UIKit calls it.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: AnyObject {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        DefaultAnswer.mark()
        return .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        DefaultAnswer.mark()
        return .zero
    }
}
