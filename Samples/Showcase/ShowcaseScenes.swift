import Foundation
import Weft

/// One scene of the node showcase: a name and a node tree with its frame set.
public struct SampleScene: Sendable {
    public let name: String
    public let summary: String
    public let make: @Sendable () -> ASDisplayNode
}

/// The foundation showcase: every node kind and display property, one scene each.
public enum ShowcaseScenes {
    public static let all: [SampleScene] = [
        SampleScene(name: "profile-card", summary: "cell with a round-bordered avatar, text and a photo", make: profileCard),
        SampleScene(name: "text-styles", summary: "attributed text: fonts, colours, kern, underline, strikethrough, truncation", make: textStyles),
        SampleScene(name: "scripts", summary: "Korean, Arabic and Hebrew (right to left), combining marks", make: scripts),
        SampleScene(name: "content-modes", summary: "ASImageNode under every content mode", make: contentModes),
        SampleScene(name: "appearance", summary: "corners, borders, clipping and alpha", make: appearance),
        SampleScene(name: "feed-cell", summary: "a feed cell laid out by layout specs (stack, ratio, inset)", make: feedCell),
    ]

    static func text(_ string: String, size: CGFloat = 14, weight: UIFont.Weight = .regular, color: UIColor = .black) -> NSAttributedString {
        NSAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: size, weight: weight), .foregroundColor: color])
    }

    /// Places a text node at `origin`, sized to fit `width`.
    static func addText(_ attributed: NSAttributedString, to parent: ASDisplayNode, at origin: CGPoint, width: CGFloat, lines: UInt = 0) {
        let node = ASTextNode()
        node.attributedText = attributed
        node.maximumNumberOfLines = lines
        let size = node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
        node.frame = CGRect(origin: origin, size: size)
        parent.addSubnode(node)
    }
}
