import Foundation
import Weft

/// Sizes, positions, scales and style values no picture can have.
enum GeometryCases {
    /// Every frame in a layout tree, with its element's name, so a case can look for NaN.
    static func frames(_ layout: ASLayout) -> [CGRect] {
        [layout.frame] + layout.sublayouts.flatMap(frames)
    }

    static func finite(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    static let all: [HostileCase] = [
        HostileCase(category: .geometry, name: "nan-frame-reported-and-not-rendered") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "nan frame")
            try Expect.diagnostic(containing: "nan") { node.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10) }
            try Expect.error(containing: "nan frame") { try node.renderPNG(scale: 1) }
        },
        HostileCase(category: .geometry, name: "infinite-frame-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "inf frame")
            try Expect.diagnostic(containing: "inf") { node.frame = CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity) }
        },
        HostileCase(category: .geometry, name: "negative-size-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "negative frame")
            try Expect.diagnostic(containing: "-5") { node.frame = CGRect(x: 0, y: 0, width: -5, height: 10) }
        },
        HostileCase(category: .geometry, name: "nan-bounds-and-position-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "nan bounds")
            try Expect.diagnostic(containing: "nan") { node.bounds = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10) }
            try Expect.diagnostic(containing: "nan") { node.position = CGPoint(x: CGFloat.nan, y: 0) }
        },
        HostileCase(category: .geometry, name: "zero-size-render-is-an-error-not-an-empty-png") {
            let node = Fixture.box(.zero, name: "empty box")
            try Expect.error(containing: "empty box") { try node.renderPNG(scale: 2) }
        },
        HostileCase(category: .geometry, name: "huge-render-is-an-error") {
            let node = Fixture.box(CGSize(width: 1e6, height: 1e6), name: "huge box")
            try Expect.error(containing: "1000000") { try node.renderPNG(scale: 1) }
        },
        HostileCase(category: .geometry, name: "bad-scales") {
            let node = Fixture.box(CGSize(width: 10, height: 10))
            try Expect.error(containing: "nan") { try node.renderPNG(scale: .nan) }
            try Expect.error(containing: "0.0") { try node.renderPNG(scale: 0) }
            try Expect.error(containing: "-2") { try node.renderPNG(scale: -2) }
            try Expect.error(containing: "1000") { try node.renderPNG(scale: 1000) }
        },
        HostileCase(category: .geometry, name: "nan-corner-radius-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "nan corners")
            try Expect.diagnostic(containing: "nan") { node.cornerRadius = .nan }
            try Expect.decodablePNG(try Expect.success("rendering") { try node.renderPNG(scale: 1) }, "the render")
        },
        HostileCase(category: .geometry, name: "nan-alpha-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "nan alpha")
            try Expect.diagnostic(containing: "nan") { node.alpha = .nan }
            try Expect.decodablePNG(try Expect.success("rendering") { try node.renderPNG(scale: 1) }, "the render")
        },
        HostileCase(category: .geometry, name: "negative-border-width-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "negative border")
            try Expect.diagnostic(containing: "-3") { node.borderWidth = -3 }
        },
        HostileCase(category: .geometry, name: "dimension-strings-that-do-not-parse") {
            for text in ["abc%", "nanpt", "12xy", "", "%", "pt", "infpt", "1e999%"] {
                try Expect.diagnostic(containing: text.isEmpty ? "\"\"" : text) { ASDimensionMake(text) }
            }
        },
        HostileCase(category: .geometry, name: "nan-size-range-is-repaired-and-reported") {
            let node = Fixture.box(CGSize(width: 10, height: 10), name: "nan range")
            let layout = node.layoutThatFits(ASSizeRange(min: CGSize(width: CGFloat.nan, height: 0), max: CGSize(width: 100, height: -4)))
            try Expect.that(!layout.issues.isEmpty, "a NaN/negative size range left no issue on the layout")
            try Expect.that(frames(layout).allSatisfy(finite), "a NaN size range gave non-finite frames")
        },
        HostileCase(category: .geometry, name: "nan-stack-spacing-gives-finite-frames") {
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true
            let children = (0..<3).map { i -> ASDisplayNode in
                let child = Fixture.box(CGSize(width: 10, height: 10), name: "child \(i)")
                child.style.preferredSize = CGSize(width: 10, height: 10)
                return child
            }
            node.layoutSpecBlock = { _, _ in
                let stack = ASStackLayoutSpec.vertical()
                stack.spacing = .nan
                stack.children = children
                return stack
            }
            let layout = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
            try Expect.that(frames(layout).allSatisfy(finite), "NaN stack spacing gave non-finite frames: \(layout.recursiveDescription)")
        },
        HostileCase(category: .geometry, name: "nan-insets-give-finite-frames") {
            let child = Fixture.box(CGSize(width: 10, height: 10))
            let spec = ASInsetLayoutSpec(insets: UIEdgeInsets(top: .nan, left: -.infinity, bottom: 3, right: .nan), child: child)
            let layout = spec.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
            try Expect.that(frames(layout).allSatisfy(finite), "NaN insets gave non-finite frames: \(layout.recursiveDescription)")
        },
        HostileCase(category: .geometry, name: "nan-ratio-reported") {
            let spec = ASRatioLayoutSpec(ratio: .nan, child: Fixture.box(CGSize(width: 10, height: 10)))
            let layout = spec.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
            try Expect.that(!layout.issues.isEmpty, "a NaN ratio left no issue")
        },
        HostileCase(category: .geometry, name: "nan-style-sizes-give-finite-frames") {
            let child = Fixture.box(CGSize(width: 10, height: 10))
            child.style.width = ASDimensionMake(CGFloat.nan)
            child.style.flexGrow = .nan
            child.style.flexShrink = -.infinity
            child.style.spacingBefore = .nan
            let stack = ASStackLayoutSpec.horizontal()
            stack.children = [child, Fixture.box(CGSize(width: 10, height: 10))]
            let layout = stack.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
            try Expect.that(frames(layout).allSatisfy(finite), "NaN style values gave non-finite frames: \(layout.recursiveDescription)")
        },
    ]
}
