import Foundation
import Testing
@testable import Weft

/// Texture's `ASCollectionViewLayoutInspector`, the inspector a custom layout's view answers when
/// none is set, and `NodeConstrainedSizeForScrollDirection`.
@MainActor @Suite struct DefaultLayoutInspectorTests {
    final class SizingDelegate: ASCollectionDelegate {
        func collectionNode(_ collectionNode: ASCollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(min: CGSize(width: 10, height: 10), max: CGSize(width: 30, height: CGFloat(indexPath.item + 40)))
        }
    }

    final class FixedInspector: ASCollectionViewLayoutInspecting {
        func collectionView(_ collectionView: ASCollectionView, constrainedSizeForNodeAt indexPath: IndexPath) -> ASSizeRange {
            ASSizeRange(exactly: CGSize(width: 7, height: 7))
        }
    }

    @Test func aCustomLayoutsViewAnswersOneDefaultInspectorAndAFlowLayoutsNone() {
        let custom = ASCollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
        let inspector = custom.layoutInspector
        #expect(inspector is ASCollectionViewLayoutInspector)
        #expect(custom.layoutInspector === inspector)
        #expect(custom.collectionNode?.layoutInspector == nil)
        let set = FixedInspector()
        custom.layoutInspector = set
        #expect(custom.layoutInspector === set)

        let flow = ASCollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        #expect(flow.layoutInspector == nil)
    }

    @Test func theDefaultInspectorAnswersTheDelegatesRangeElseTheBoundsLessTheInset() {
        let view = ASCollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: UICollectionViewLayout())
        view.contentInset = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 5)
        let inspector = ASCollectionViewLayoutInspector()
        let fallback = inspector.collectionView(view, constrainedSizeForNodeAt: IndexPath(item: 0, section: 0))
        #expect(fallback.min == .zero)
        #expect(fallback.max == CGSize(width: 85, height: CGFloat.greatestFiniteMagnitude))  // Texture's CGFLOAT_MAX
        #expect(NodeConstrainedSizeForScrollDirection(view).max == fallback.max)
        #expect(inspector.scrollableDirections() == [])

        let delegate = SizingDelegate()
        view.asyncDelegate = delegate
        let asked = inspector.collectionView(view, constrainedSizeForNodeAt: IndexPath(item: 2, section: 0))
        #expect(asked.min == CGSize(width: 10, height: 10))
        #expect(asked.max == CGSize(width: 30, height: 42))
    }

    @Test func aHorizontalLayoutLeavesTheWidthOpen() {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        let view = ASCollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        view.contentInset = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 5)
        #expect(NodeConstrainedSizeForScrollDirection(view).max == CGSize(width: CGFloat.greatestFiniteMagnitude, height: 190))
    }
}
