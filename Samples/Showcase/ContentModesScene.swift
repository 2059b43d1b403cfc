import Foundation
import Weft

extension ShowcaseScenes {
    /// An image node under every UIKit content mode.
    @Sendable static func contentModes() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 250)
        root.backgroundColor = UIColor(white: 0.92, alpha: 1)
        let image = SampleImages.landscape(size: CGSize(width: 60, height: 40))
        for (index, mode) in UIView.ContentMode.allCases.enumerated() {
            let node = ASImageNode()
            node.image = image
            node.contentMode = mode
            node.backgroundColor = .white
            node.frame = CGRect(x: 8 + CGFloat(index % 4) * 78, y: 8 + CGFloat(index / 4) * 60, width: 70, height: 52)
            root.addSubnode(node)
        }
        return root
    }
}
