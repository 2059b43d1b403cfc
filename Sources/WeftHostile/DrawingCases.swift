import Foundation
import Weft

/// Paths, line styles and transforms no picture can have, given to UIKit's and Core Graphics'
/// drawing calls inside a renderer or a node's drawing: each must be refused or repaired with a
/// diagnostic naming the call and the value, and everything drawn after it must still appear.
enum DrawingCases {
    static let size = CGSize(width: 40, height: 40)
    static let green: UInt32 = 0xFF00_FF00

    /// Runs `body`, and fails unless a diagnostic mentions every one of `fragments`.
    @discardableResult
    static func reported<T>(_ fragments: [String], _ body: () throws -> T) throws -> T {
        let (result, reports) = try WeftDiagnostics.collect(body)
        let texts = reports.map { $0.description.lowercased() }
        guard texts.contains(where: { text in fragments.allSatisfy { text.contains($0.lowercased()) } }) else {
            throw HostileFailure("expected a diagnostic mentioning \(fragments); diagnostics were: \(reports.map(\.description))")
        }
        return result
    }

    /// Draws `hostile` (inside a saved graphics state) and then a green square at the bottom right
    /// in a 40 × 40 renderer; the image must encode to a readable PNG with the square in it.
    @discardableResult
    static func render(_ hostile: (CGContext) -> Void) throws -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            let context = renderer.cgContext
            context.saveGState()
            hostile(context)
            context.restoreGState()
            context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            context.fill(CGRect(x: 30, y: 30, width: 10, height: 10))
        }
        try Expect.decodablePNG(image.pngData(), "the drawing")
        try Expect.that(image.bitmap.pixel(x: 35, y: 35) == green,
                        "drawing after the hostile call was lost (pixel \(String(image.bitmap.pixel(x: 35, y: 35) ?? 0, radix: 16)))")
        return image
    }

    /// A case: `hostile` drawn in a renderer must be reported with `fragments`.
    static func drawing(_ name: String, _ fragments: [String], _ hostile: @escaping @Sendable (CGContext) -> Void) -> HostileCase {
        HostileCase(category: .drawing, name: name) {
            try reported(fragments) { _ = try render(hostile) }
        }
    }

    /// A zigzag of `count` points between the left and right edges, every segment crossing the others.
    static func zigzag(_ count: Int) -> UIBezierPath {
        let path = UIBezierPath()
        path.move(to: .zero)
        for i in 1..<count {
            path.addLine(to: CGPoint(x: i % 2 == 0 ? 0 : 40, y: CGFloat(i).truncatingRemainder(dividingBy: 39.7)))
        }
        return path
    }

    /// Fails when `body` takes longer than `seconds` (scaled under a sanitizer).
    @discardableResult
    static func within<T>(_ seconds: Double, _ what: String, _ body: () throws -> T) throws -> T {
        let start = Date()
        let result = try body()
        let took = Date().timeIntervalSince(start)
        try Expect.that(took < seconds * Slowdown.factor, "\(what) took \(took) s")
        return result
    }

    static let arcAPI = "UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)"
    static let arcInit = "UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)"
    static let contextArc = "CGContext.addArc(center:radius:startAngle:endAngle:clockwise:)"

    static let all: [HostileCase] = arcs + points + complexity + lineStyle + transforms + rects + shapes

    static let arcs: [HostileCase] = [
        drawing("arc-init-nan-angle-stroked-and-filled", [arcInit, "nan"]) { _ in
            let arc = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: .nan, endAngle: .pi, clockwise: true)
            arc.stroke()
            arc.fill()
        },
        drawing("addArc-infinite-end-angle-stroked", [arcAPI, "inf"]) { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 5, y: 5))
            path.addArc(withCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .infinity, clockwise: true)
            path.addLine(to: CGPoint(x: 5, y: 30))
            path.stroke()
        },
        HostileCase(category: .drawing, name: "arc-huge-end-angle-draws-the-circle") {
            let image = try reported([arcInit, "1e+15"]) {
                try within(5, "a 1e15-radian arc") {
                    try render { _ in
                        UIColor.red.setStroke()
                        UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: 1e15, clockwise: true).stroke()
                    }
                }
            }
            // Every turn of the sweep draws the whole circle: its leftmost and rightmost points.
            try Expect.that(image.bitmap.pixel(x: 10, y: 20).map { $0 >> 24 > 0 } == true, "the left of the circle is missing")
            try Expect.that(image.bitmap.pixel(x: 29, y: 20).map { $0 >> 24 > 0 } == true, "the right of the circle is missing")
        },
        drawing("context-addArc-nan-angle-stroked", [contextArc, "nan"]) { context in
            context.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .nan, clockwise: true)
            context.strokePath()
        },
        drawing("context-addArc-infinite-start-filled", [contextArc, "-inf"]) { context in
            context.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: -.infinity, endAngle: 1, clockwise: false)
            context.fillPath()
        },
        drawing("arc-negative-radius", [arcAPI, "-5.0"]) { _ in
            let path = UIBezierPath()
            path.addArc(withCenter: CGPoint(x: 20, y: 20), radius: -5, startAngle: 0, endAngle: .pi, clockwise: true)
            path.stroke()
        },
        drawing("arc-nan-radius-context", [contextArc, "nan"]) { context in
            context.addArc(center: CGPoint(x: 20, y: 20), radius: .nan, startAngle: 0, endAngle: 2, clockwise: true)
            context.strokePath()
        },
        HostileCase(category: .drawing, name: "arc-radius-1e300-is-clamped-and-finishes") {
            try reported([arcInit, "1e+300"]) {
                try within(5, "an arc of radius 1e300") {
                    try render { _ in
                        UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 1e300, startAngle: 0, endAngle: 1, clockwise: true).stroke()
                    }
                }
            }
        },
        HostileCase(category: .drawing, name: "arc-nan-angle-in-a-node-display") {
            let node = ASDisplayNode()
            node.frame = CGRect(origin: .zero, size: size)
            node.displayBlock = { bounds, _, _ in
                UIColor.red.setStroke()
                UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 10, startAngle: .nan, endAngle: .nan, clockwise: true).stroke()
                UIColor.green.setFill()
                UIRectFill(CGRect(x: 30, y: 30, width: 10, height: 10))
            }
            let png = try reported([arcInit, "nan"]) { try Expect.success("rendering") { try node.renderPNG(scale: 1) } }
            try Expect.decodablePNG(png, "the node's render")
            try Expect.that(try UIImage(decoding: png).bitmap.pixel(x: 35, y: 35) == green, "the node's drawing after the bad arc is missing")
        },
    ]

    static let points: [HostileCase] = [
        drawing("move-to-nan-point", ["UIBezierPath.move(to:)", "nan"]) { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: CGFloat.nan, y: 3))
            path.addLine(to: CGPoint(x: 10, y: 10))
            path.stroke()
        },
        drawing("line-to-infinite-point", ["UIBezierPath.addLine(to:)", "inf"]) { _ in
            let path = UIBezierPath()
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
            path.stroke()
        },
        drawing("curve-nan-control-point", ["UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)", "nan"]) { _ in
            let path = UIBezierPath()
            path.move(to: .zero)
            path.addCurve(to: CGPoint(x: 20, y: 20), controlPoint1: CGPoint(x: 0, y: CGFloat.nan), controlPoint2: CGPoint(x: 5, y: 5))
            path.fill()
        },
        drawing("quad-curve-nan-control-point", ["UIBezierPath.addQuadCurve(to:controlPoint:)", "nan"]) { _ in
            let path = UIBezierPath()
            path.move(to: .zero)
            path.addQuadCurve(to: CGPoint(x: 20, y: 20), controlPoint: CGPoint(x: CGFloat.nan, y: CGFloat.nan))
            path.stroke()
        },
        drawing("context-line-to-nan-and-quad-curve", ["CGContext.addLine(to:)", "nan"]) { context in
            context.move(to: CGPoint(x: 1, y: 1))
            context.addLine(to: CGPoint(x: CGFloat.nan, y: 4))
            context.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 5, y: 0))
            context.strokePath()
        },
        drawing("point-1e300-is-clamped", ["UIBezierPath.addLine(to:)", "1e+300"]) { _ in
            let path = UIBezierPath()
            path.move(to: .zero)
            path.addLine(to: CGPoint(x: 1e300, y: -1e300))
            path.stroke()
        },
    ]

    static let complexity: [HostileCase] = [
        HostileCase(category: .drawing, name: "million-self-crossing-segments-stroked") {
            let path = zigzag(1_000_000)
            try reported(["UIBezierPath.stroke()", "1000000", "maximumPathElements"]) {
                try within(5, "stroking a million self-crossing segments") { try render { _ in path.stroke() } }
            }
        },
        HostileCase(category: .drawing, name: "million-self-crossing-segments-filled") {
            let path = zigzag(1_000_000)
            try reported(["UIBezierPath.fill()", "1000000", "maximumPathElements"]) {
                try within(5, "filling a million self-crossing segments") { try render { _ in path.fill() } }
            }
        },
        HostileCase(category: .drawing, name: "million-context-lines-stroked") {
            try reported(["CGContext.addLine(to:)", "maximumPathElements"]) {
                try within(5, "stroking a million self-crossing context lines") {
                    try render { context in
                        context.move(to: .zero)
                        for i in 1..<1_000_000 { context.addLine(to: CGPoint(x: i % 2 == 0 ? 0 : 40, y: CGFloat(i % 397) / 10)) }
                        context.strokePath()
                    }
                }
            }
        },
        HostileCase(category: .drawing, name: "wide-round-stroke-of-a-self-crossing-path") {
            let path = zigzag(WeftLimits.maximumPathElements)
            path.lineWidth = 1000
            path.lineJoinStyle = .round
            try reported(["UIBezierPath.stroke()", "for its width"]) {
                try within(5, "a 1000-point round-joined stroke") { try render { _ in path.stroke() } }
            }
        },
        HostileCase(category: .drawing, name: "dash-too-fine-for-a-long-path") {
            let path = zigzag(WeftLimits.maximumPathElements / 2)
            var pattern: [CGFloat] = [0.3, 0.3]
            path.setLineDash(&pattern, count: 2, phase: 0)
            try reported(["UIBezierPath.stroke()", "dash pattern"]) {
                try within(5, "a finely dashed long path") { try render { _ in path.stroke() } }
            }
        },
    ]

    static let lineStyle: [HostileCase] = [
        HostileCase(category: .drawing, name: "nan-line-width-keeps-the-previous") {
            let path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
            path.lineWidth = 3
            try reported(["UIBezierPath.lineWidth", "nan"]) { path.lineWidth = .nan }
            try Expect.that(path.lineWidth == 3, "a NaN line width replaced \(3) with \(path.lineWidth)")
            try render { _ in path.stroke() }
        },
        drawing("negative-context-line-width", ["CGContext.setLineWidth(_:)", "-3.0"]) { context in
            context.setLineWidth(-3)
            context.stroke(CGRect(x: 2, y: 2, width: 10, height: 10))
        },
        drawing("huge-and-infinite-line-width", ["CGContext.lineWidth", "1e+300"]) { context in
            context.lineWidth = .infinity
            context.lineWidth = 1e300
            context.strokeEllipse(in: CGRect(x: 2, y: 2, width: 10, height: 10))
        },
        HostileCase(category: .drawing, name: "dash-with-nan-length") {
            let path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
            var pattern: [CGFloat] = [.nan, 2]
            try reported(["UIBezierPath.setLineDash(_:count:phase:)", "nan"]) { path.setLineDash(&pattern, count: 2, phase: 0) }
            try render { _ in path.stroke() }
        },
        drawing("dash-all-zero-lengths", ["CGContext.setLineDash(phase:lengths:)", "[0.0, 0.0]"]) { context in
            context.setLineDash(phase: 0, lengths: [0, 0])
            context.stroke(CGRect(x: 2, y: 2, width: 10, height: 10))
        },
        drawing("dash-negative-and-infinite-lengths", ["CGContext.setLineDash(phase:lengths:)", "-4.0"]) { context in
            context.setLineDash(phase: .infinity, lengths: [3, -4, .infinity])
            context.stroke(CGRect(x: 2, y: 2, width: 10, height: 10))
        },
        HostileCase(category: .drawing, name: "dash-huge-count-is-refused-unread") {
            let path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
            var pattern: [CGFloat] = [2, 2]
            try reported(["UIBezierPath.setLineDash(_:count:phase:)", "\(Int.max)"]) { path.setLineDash(&pattern, count: Int.max, phase: 0) }
            try reported(["UIBezierPath.setLineDash(_:count:phase:)", "-7"]) { path.setLineDash(&pattern, count: -7, phase: 0) }
            try render { _ in path.stroke() }
        },
        drawing("nan-miter-limit", ["CGContext.setMiterLimit(_:)", "nan"]) { context in
            context.setMiterLimit(.nan)
            context.stroke(CGRect(x: 2, y: 2, width: 10, height: 10))
        },
    ]

    /// A transform change that must be refused: the square drawn after it at (25, 30) must land at
    /// (30, 30), the earlier translation by 5 kept.
    static func transform(_ name: String, _ fragments: [String], _ hostile: @escaping @Sendable (CGContext) -> Void) -> HostileCase {
        HostileCase(category: .drawing, name: name) {
            try reported(fragments) {
                try render { context in
                    context.translateBy(x: 5, y: 0)
                    hostile(context)
                    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                    context.fill(CGRect(x: 25, y: 0, width: 10, height: 10))
                }
            }.bitmap.pixel(x: 32, y: 5).map { pixel in
                try Expect.that(pixel == 0xFF00_00FF, "the transform before the refused change was not kept (pixel \(String(pixel, radix: 16)))")
            }
        }
    }

    static let transforms: [HostileCase] = [
        transform("translate-by-nan", ["CGContext.translateBy(x:y:)", "nan"]) { $0.translateBy(x: .nan, y: 0) },
        transform("scale-by-zero-is-singular", ["CGContext.scaleBy(x:y:)", "0.0", "singular"]) { $0.scaleBy(x: 0, y: 1) },
        transform("scale-by-infinity", ["CGContext.scaleBy(x:y:)", "inf"]) { $0.scaleBy(x: .infinity, y: .infinity) },
        transform("rotate-by-nan", ["CGContext.rotate(by:)", "nan"]) { $0.rotate(by: .nan) },
        transform("concatenate-singular-matrix", ["CGContext.concatenate(_:)", "singular"]) {
            $0.concatenate(CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0))
        },
        transform("concatenate-nan-matrix", ["CGContext.concatenate(_:)", "nan"]) {
            $0.concatenate(CGAffineTransform(translationX: .nan, y: 1))
        },
        drawing("bezier-apply-nan-transform", ["UIBezierPath.apply(_:)", "nan"]) { _ in
            let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
            path.apply(CGAffineTransform(scaleX: .nan, y: 1))
            path.fill()
        },
    ]

    static let rects: [HostileCase] = [
        drawing("fill-nan-rect", ["CGContext.fill(_:)", "nan"]) { $0.fill(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)) },
        drawing("clip-to-infinite-rect", ["CGContext.clip(to:)", "inf"]) { context in
            context.clip(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        },
        drawing("clear-nan-rect", ["CGContext.clear(_:)", "nan"]) { $0.clear(CGRect(x: 0, y: 0, width: CGFloat.nan, height: CGFloat.nan)) },
        drawing("image-drawn-in-nan-rect", ["UIImage.draw(in:)", "nan"]) { _ in
            let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2)) }
            image.draw(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        },
        drawing("image-drawn-in-a-vanishing-rect", ["CGContext.draw(_:in:)", "too small"]) { context in
            let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2)) }
            context.draw(image, in: CGRect(x: 0, y: 0, width: 1e-300, height: 1e-300))
        },
    ]

    static let shapes: [HostileCase] = [
        drawing("rounded-rect-nan-corner-radius", ["UIBezierPath(roundedRect:cornerRadius:)", "nan"]) { _ in
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: .nan).fill()
        },
        drawing("oval-in-nan-rect", ["UIBezierPath(ovalIn:)", "nan"]) { _ in
            UIBezierPath(ovalIn: CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10)).fill()
        },
        drawing("rect-infinite-size", ["UIBezierPath(rect:)", "inf"]) { _ in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)).stroke()
        },
        drawing("fill-and-stroke-with-nan-alpha", ["UIBezierPath.fill(with:alpha:)", "nan"]) { _ in
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
            path.fill(with: .normal, alpha: .nan)
            path.stroke(with: .multiply, alpha: .nan)
        },
        drawing("line-segments-with-nan", ["CGContext.strokeLineSegments(between:)", "nan"]) { context in
            context.strokeLineSegments(between: [.zero, CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 9)])
        },
    ]
}
