import Foundation
import Weft

/// Buttons, text cells, controllers and colours given values no picture can have.
enum ControlCases {
    static let all: [HostileCase] = [
        HostileCase(category: .controls, name: "button-nan-content-spacing") {
            let button = ASButtonNode()
            button.setTitle("Go", with: nil, with: .black, for: .normal)
            try Expect.diagnostic(containing: "contentSpacing", "nan") { button.contentSpacing = .nan }
            try renders(button)
        },
        HostileCase(category: .controls, name: "button-negative-infinite-content-spacing") {
            let button = ASButtonNode()
            button.setTitle("Go", with: nil, with: .black, for: .normal)
            try Expect.diagnostic(containing: "contentSpacing", "-inf") { button.contentSpacing = -.infinity }
            try renders(button)
        },
        HostileCase(category: .controls, name: "button-nan-content-edge-insets") {
            let button = ASButtonNode()
            button.setTitle("Go", with: nil, with: .black, for: .normal)
            try Expect.diagnostic(containing: "contentEdgeInsets", "nan") {
                button.contentEdgeInsets = UIEdgeInsets(top: .nan, left: 4, bottom: 4, right: 4)
            }
            try renders(button)
        },
        HostileCase(category: .controls, name: "button-huge-content-edge-insets") {
            let button = ASButtonNode()
            button.setTitle("Go", with: nil, with: .black, for: .normal)
            try Expect.diagnostic(containing: "contentEdgeInsets", "1e+300") {
                button.contentEdgeInsets = UIEdgeInsets(top: 1e300, left: 0, bottom: 0, right: 0)
            }
            try renders(button)
        },
        HostileCase(category: .controls, name: "text-cell-nan-insets") {
            let cell = ASTextCellNode()
            cell.text = "Hello"
            try Expect.diagnostic(containing: "textInsets", "nan") { cell.textInsets = UIEdgeInsets(top: 0, left: .nan, bottom: 0, right: 0) }
            try renders(cell)
        },
        HostileCase(category: .controls, name: "controller-infinite-additional-safe-area") {
            let controller = ASDKViewController(node: Fixture.box(CGSize(width: 40, height: 40)))
            try Expect.diagnostic(containing: "additionalSafeAreaInsets", "inf") {
                controller.additionalSafeAreaInsets = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
            }
            try Expect.that(controller.additionalSafeAreaInsets.top.isFinite, "additionalSafeAreaInsets kept \(controller.additionalSafeAreaInsets)")
        },
        HostileCase(category: .controls, name: "colour-with-nan-component") {
            let node = Fixture.box(CGSize(width: 10, height: 10))
            try Expect.diagnostic(containing: "UIColor", "nan") { node.backgroundColor = UIColor(red: .nan, green: 0.5, blue: 0, alpha: 1) }
            try renders(node)
        },
        HostileCase(category: .controls, name: "grey-with-nan-alpha") {
            try Expect.diagnostic(containing: "UIColor(white:alpha:)", "alpha nan") { _ = UIColor(white: 0.5, alpha: .nan) }
        },
    ]

    /// The node lays out at a small size and renders to a PNG a stock decoder reads.
    static func renders(_ node: ASDisplayNode) throws {
        let size = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 200, height: 200))).size
        node.frame = CGRect(origin: .zero, size: CGSize(width: max(size.width, 1), height: max(size.height, 1)))
        try Expect.decodablePNG(try Expect.success("rendering") { try node.renderPNG(scale: 1) }, "the render")
    }
}
