import Foundation
import Weft

extension ShowcaseScenes {
    /// Corners, borders, clipping and group alpha.
    @Sendable static func appearance() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 120)
        root.backgroundColor = .white
        let rounded = ASDisplayNode()
        rounded.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
        rounded.backgroundColor = .systemTeal
        rounded.cornerRadius = 20
        rounded.borderWidth = 4
        rounded.borderColor = .systemIndigo
        root.addSubnode(rounded)
        let clipper = ASDisplayNode()
        clipper.frame = CGRect(x: 115, y: 10, width: 90, height: 90)
        clipper.backgroundColor = .systemOrange
        clipper.cornerRadius = 45
        clipper.clipsToBounds = true
        let inner = ASDisplayNode()
        inner.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
        inner.backgroundColor = .systemPurple
        clipper.addSubnode(inner)
        root.addSubnode(clipper)
        let faded = ASDisplayNode()
        faded.frame = CGRect(x: 220, y: 10, width: 90, height: 90)
        faded.backgroundColor = .systemRed
        faded.alpha = 0.5
        let overlap = ASDisplayNode()
        overlap.frame = CGRect(x: 20, y: 20, width: 50, height: 50)
        overlap.backgroundColor = .systemBlue
        faded.addSubnode(overlap)
        root.addSubnode(faded)
        return root
    }
}
