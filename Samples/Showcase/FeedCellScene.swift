import Foundation
import Weft

extension ShowcaseScenes {
    /// A feed cell laid out by layout specs (stack, ratio, inset), sized by its layout.
    @Sendable static func feedCell() -> ASDisplayNode {
        let cell = FeedCell(index: 4, avatarImage: SampleImages.badge(diameter: 36), photoImage: SampleImages.landscape())
        let height = cell.layoutThatFits(ASSizeRange(min: CGSize(width: 320, height: 0), max: CGSize(width: 320, height: CGFloat.infinity))).size.height
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: height)
        return cell
    }
}
