import Foundation
import Weft

extension ShowcaseScenes {
    /// Korean, Arabic and Hebrew (right to left), and combining marks.
    @Sendable static func scripts() -> ASDisplayNode {
        let root = ASDisplayNode()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        root.backgroundColor = .white
        addText(text("안녕하세요, 세계! 텍스처 노드로 그린 한국어 문장입니다.", size: 16), to: root, at: CGPoint(x: 10, y: 10), width: 300)
        addText(text("مرحبا بالعالم، هذا نص عربي", size: 16), to: root, at: CGPoint(x: 10, y: 70), width: 300)
        addText(text("שלום עולם, זהו טקסט בעברית", size: 16), to: root, at: CGPoint(x: 10, y: 105), width: 300)
        addText(text("Combining: e\u{0301} a\u{0308} n\u{0303} — Zoë, café, naïve", size: 16), to: root, at: CGPoint(x: 10, y: 140), width: 300)
        return root
    }
}
