import Foundation
import Testing
import Weft

/// `UIBezierPath`, `UIColor.setFill()` and the `CGContext` spellings, drawn off the main actor.
@Suite struct UIBezierPathTests {
    static func draw(_ size: CGSize, _ body: (CGContext) -> Void) -> Bitmap {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { body($0.cgContext) }.bitmap
    }

    @Test func addClipLimitsLaterDrawing() {
        let bitmap = Self.draw(CGSize(width: 10, height: 10)) { _ in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 10)).addClip()
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
        }
        #expect(bitmap.pixel(x: 4, y: 4) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 5, y: 4) == 0)
    }

    @Test func roundingOnlySomeCorners() {
        let bitmap = Self.draw(CGSize(width: 20, height: 20)) { _ in
            UIColor.blue.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), byRoundingCorners: [.topLeft, .bottomRight],
                         cornerRadii: CGSize(width: 8, height: 8)).fill()
        }
        #expect(bitmap.pixel(x: 0, y: 0) == 0, "top left rounded")
        #expect(bitmap.pixel(x: 19, y: 19) == 0, "bottom right rounded")
        #expect(bitmap.pixel(x: 19, y: 0) == 0xFF00_00FF, "top right square")
        #expect(bitmap.pixel(x: 0, y: 19) == 0xFF00_00FF, "bottom left square")
        #expect(bitmap.pixel(x: 10, y: 10) == 0xFF00_00FF)
    }

    @Test func boundsHoldThePoints() {
        #expect(UIBezierPath(ovalIn: CGRect(x: 1, y: 2, width: 10, height: 6)).bounds == CGRect(x: 1, y: 2, width: 10, height: 6))
        let arc = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let b = arc.bounds
        #expect(abs(b.minX - 10) < 1e-9 && abs(b.maxX - 15) < 1e-9 && abs(b.minY - 10) < 1e-9 && abs(b.maxY - 15) < 1e-9)
        #expect(UIBezierPath().bounds.isNull)
    }

    @Test func lineCapsExtendTheStroke() {
        func stroke(_ cap: CGLineCap) -> Bitmap {
            Self.draw(CGSize(width: 20, height: 10)) { _ in
                let line = UIBezierPath()
                line.move(to: CGPoint(x: 5, y: 5))
                line.addLine(to: CGPoint(x: 15, y: 5))
                line.lineWidth = 4
                line.lineCapStyle = cap
                UIColor.green.setStroke()
                line.stroke()
            }
        }
        #expect(stroke(.butt).pixel(x: 3, y: 5) == 0)
        #expect(stroke(.square).pixel(x: 3, y: 5) == 0xFF00_FF00)
    }

    @Test func blendModeAndAlpha() {
        let bitmap = Self.draw(CGSize(width: 4, height: 4)) { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 4)).fill(with: .clear, alpha: 1)
        }
        #expect(bitmap.pixel(x: 0, y: 0) == 0 && bitmap.pixel(x: 3, y: 0) == 0xFFFF_0000)
    }

    @Test func cgContextStateSavesColoursAndClip() {
        let bitmap = Self.draw(CGSize(width: 10, height: 10)) { context in
            #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.red.setFill()
            context.saveGState()
            context.clip(to: [CGRect(x: 0, y: 0, width: 4, height: 4)])
            #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.restoreGState()
            #expect(context.fillColor == .red, "restoreGState brings back the fill colour")
            context.fill(CGRect(x: 5, y: 5, width: 5, height: 5))
            context.setStrokeColor(UIColor.green.cgColor)
            context.move(to: CGPoint(x: 0, y: 8.5))
            context.addLine(to: CGPoint(x: 4, y: 8.5))
            context.strokePath()
        }
        #expect(bitmap.pixel(x: 2, y: 2) == 0xFF00_00FF)
        #expect(bitmap.pixel(x: 5, y: 2) == 0, "outside the clip that was restored away... and not filled after")
        #expect(bitmap.pixel(x: 7, y: 7) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 2, y: 8) == 0xFF00_FF00)
        let (_, reports) = WeftDiagnostics.collect(matching: "restoreGState") {
            _ = Self.draw(CGSize(width: 1, height: 1)) { $0.restoreGState() }
        }
        #expect(!reports.isEmpty)
    }

    @Test func withoutAContextNothingHappens() {
        // Off the main actor and outside any drawing: no context, no trap.
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).fill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).addClip()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
