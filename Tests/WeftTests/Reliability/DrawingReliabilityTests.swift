import CWeft
import Foundation
import Testing
@testable import Weft

/// Hostile geometry given to the drawing calls is refused or repaired before cairo sees it, cairo
/// stays able to draw (its status stays success), and what is drawn is what the repair says.
/// Serialized: several tests count the diagnostics reported while they draw.
@Suite(.serialized) struct DrawingReliabilityTests {
    static let green: UInt32 = 0xFF00_FF00

    /// Draws `body` into a `size` renderer at scale 1, checking cairo's status after it.
    static func draw(_ size: CGSize = CGSize(width: 40, height: 40), scale: CGFloat = 1, _ body: (CGContext) -> Void) -> Bitmap {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            body(renderer.cgContext)
            #expect(cairo_status(renderer.cgContext.cr) == CAIRO_STATUS_SUCCESS, "cairo went into an error state")
        }.bitmap
    }

    static func opaque(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Bool { (bitmap.pixel(x: x, y: y) ?? 0) >> 24 > 0 }

    static func zigzag(_ count: Int, width: CGFloat) -> UIBezierPath {
        let path = UIBezierPath()
        path.move(to: .zero)
        for i in 1..<count { path.addLine(to: CGPoint(x: i % 2 == 0 ? 0 : width, y: (CGFloat(i) * 7.31).truncatingRemainder(dividingBy: width))) }
        return path
    }

    @Test func aGoodPathAfterABadOneStillDraws() {
        let (bitmap, reports) = WeftDiagnostics.collect(matching: "UIBezierPath") {
            Self.draw { _ in
                UIColor.red.setStroke()
                UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: .nan, endAngle: .infinity, clockwise: true).stroke()
                let bad = UIBezierPath()
                bad.move(to: CGPoint(x: CGFloat.nan, y: 0))
                bad.addLine(to: CGPoint(x: 5, y: CGFloat.infinity))
                bad.lineWidth = -2
                bad.stroke()
                UIColor.green.setFill()
                UIBezierPath(rect: CGRect(x: 30, y: 30, width: 10, height: 10)).fill()
            }
        }
        #expect(bitmap.pixel(x: 35, y: 35) == Self.green)
        #expect(bitmap.pixel(x: 20, y: 10) == 0, "nothing of the dropped arc is drawn")
        #expect(reports.count == 4, "\(reports)")
        #expect(reports.contains { $0.subject == "UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)" && $0.message.contains("nan") })
        #expect(reports.contains { $0.subject == "UIBezierPath.lineWidth" && $0.message.contains("-2.0") })
    }

    @Test func aHugeAngleArcDrawsAsItsReducedEquivalent() {
        func arc(_ end: CGFloat, clockwise: Bool) -> Bitmap {
            Self.draw { _ in
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 2, y: 2))
                path.addArc(withCenter: CGPoint(x: 20, y: 20), radius: 12, startAngle: 0.5, endAngle: end, clockwise: clockwise)
                path.addLine(to: CGPoint(x: 38, y: 2))
                path.lineWidth = 2
                path.stroke()
            }
        }
        let twoPi = 2 * CGFloat.pi
        let huge: CGFloat = 1e12
        let reduced = 0.5 + twoPi + (fmod(huge, twoPi) - 0.5 + twoPi).truncatingRemainder(dividingBy: twoPi)
        #expect(arc(huge, clockwise: true).hasSamePixels(as: arc(reduced, clockwise: true)))
        // Counterclockwise to a larger angle goes round less than a turn, as cairo and UIKit do.
        let back = 0.5 - (0.5 - fmod(huge, twoPi) + twoPi).truncatingRemainder(dividingBy: twoPi)
        #expect(arc(huge, clockwise: false).hasSamePixels(as: arc(back, clockwise: false)))
        // Three turns draw what one does.
        #expect(arc(0.5 + 3 * twoPi + 1, clockwise: true).hasSamePixels(as: arc(0.5 + twoPi + 1, clockwise: true)))
    }

    @Test func counterclockwiseArcsEndWhereUIKitSays() {
        let path = UIBezierPath()
        path.addArc(withCenter: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(path.currentPoint.x - 10) < 1e-9 && abs(path.currentPoint.y - 15) < 1e-9)
        // Three quarters round, through the top: the top of the circle is drawn, the bottom-right quarter not.
        let bitmap = Self.draw(CGSize(width: 20, height: 20)) { _ in
            path.lineWidth = 2
            path.stroke()
        }
        #expect(Self.opaque(bitmap, 10, 5))
        #expect(!Self.opaque(bitmap, 14, 14))
    }

    /// Core Graphics' `clockwise` is meant with y up, so in a UIKit context it shows the other way
    /// round, as on iOS: the same arc as `UIBezierPath`'s with `clockwise` flipped.
    @Test func contextArcsTurnAsOnIOS() {
        let context = Self.draw { context in
            context.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            context.setLineWidth(2)
            context.strokePath()
        }
        let bezier = Self.draw { _ in
            let path = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
            path.lineWidth = 2
            path.stroke()
        }
        #expect(context.hasSamePixels(as: bezier))
        #expect(Self.opaque(context, 20, 10), "three quarters round, through the top")
    }

    @Test func lineSegmentsAreSeparate() {
        let bitmap = Self.draw { context in
            context.setLineWidth(2)
            context.strokeLineSegments(between: [CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 10), CGPoint(x: 40, y: 10)])
        }
        #expect(Self.opaque(bitmap, 5, 10) && Self.opaque(bitmap, 35, 10))
        #expect(!Self.opaque(bitmap, 20, 10), "no line joins one segment to the next")
    }

    @Test func aDashedLineHasGaps() {
        let bitmap = Self.draw { context in
            context.setLineDash(phase: 0, lengths: [4, 4])
            context.setLineWidth(2)
            context.move(to: CGPoint(x: 0, y: 10))
            context.addLine(to: CGPoint(x: 40, y: 10))
            context.strokePath()
        }
        #expect(Self.opaque(bitmap, 2, 10))
        #expect(!Self.opaque(bitmap, 6, 10))
        #expect(Self.opaque(bitmap, 10, 10))
        let bezier = UIBezierPath()
        bezier.move(to: CGPoint(x: 0, y: 10))
        bezier.addLine(to: CGPoint(x: 40, y: 10))
        var pattern: [CGFloat] = [4, 4]
        bezier.setLineDash(&pattern, count: 2, phase: 0)
        bezier.lineWidth = 2
        #expect(Self.draw { _ in bezier.stroke() }.hasSamePixels(as: bitmap), "UIBezierPath's dash draws as CGContext's")
    }

    @Test func aBadDashDrawsSolidAndIsReported() {
        let (bitmap, reports) = WeftDiagnostics.collect(matching: "setLineDash") {
            Self.draw { context in
                context.setLineDash(phase: 0, lengths: [0, 0])
                context.setLineWidth(2)
                context.move(to: CGPoint(x: 0, y: 10))
                context.addLine(to: CGPoint(x: 40, y: 10))
                context.strokePath()
            }
        }
        #expect(reports.count == 1)
        #expect((0..<40).allSatisfy { Self.opaque(bitmap, $0, 10) }, "a refused dash strokes solid")
    }

    @Test func concatenateReallyMovesDrawing() {
        let bitmap = Self.draw { context in
            context.concatenate(CGAffineTransform(translationX: 20, y: 10).scaledBy(x: 2, y: 2))
            #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 10))
            context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(bitmap.pixel(x: 25, y: 15) == Self.green)
        #expect(bitmap.pixel(x: 2, y: 2) == 0)
        #expect(bitmap.pixel(x: 31, y: 21) == 0)
    }

    @Test func aRefusedTransformKeepsThePreviousOne() {
        let (bitmap, reports) = WeftDiagnostics.collect(matching: "CGContext.") {
            Self.draw { context in
                context.translateBy(x: 10, y: 0)
                context.scaleBy(x: 0, y: 0)
                context.rotate(by: .nan)
                context.concatenate(CGAffineTransform(scaleX: 1e-200, y: 1))
                context.translateBy(x: .infinity, y: 0)
                context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
                context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            }
        }
        #expect(reports.count == 4, "\(reports)")
        #expect(bitmap.pixel(x: 12, y: 2) == Self.green)
    }

    @Test func affineTransformMatchesCoreGraphics() {
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12, "rotation first, then the translation")
        let back = p.applying(t.inverted())
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGRect(x: 0, y: 0, width: 2, height: 4).applying(CGAffineTransform(scaleX: -1, y: 1)) == CGRect(x: -2, y: 0, width: 2, height: 4))
        #expect(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 2, y: 2)) == CGSize(width: 4, height: 6))
    }

    @Test func applyTransformsArcsToo() {
        let path = UIBezierPath(arcCenter: CGPoint(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        path.apply(CGAffineTransform(scaleX: 2, y: 1).translatedBy(x: 5, y: 10))
        let b = path.bounds
        #expect(abs(b.minX - 10) < 0.01 && abs(b.maxX - 30) < 0.01 && abs(b.minY - 10) < 0.01 && abs(b.maxY - 20) < 0.01, "\(b)")
        let bitmap = Self.draw { _ in UIColor.green.setFill(); path.fill() }
        #expect(bitmap.pixel(x: 20, y: 15) == Self.green)
        #expect(bitmap.pixel(x: 5, y: 15) == 0)
    }

    @Test func quadCurvesAndLinesBetween() {
        let bitmap = Self.draw { context in
            context.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 20)])
            context.addQuadCurve(to: CGPoint(x: 0, y: 0), control: CGPoint(x: 0, y: 20))
            context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            context.fillPath()
        }
        #expect(bitmap.pixel(x: 15, y: 5) == Self.green)
        #expect(bitmap.pixel(x: 30, y: 30) == 0)
        let quad = UIBezierPath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 20, y: 0), controlPoint: CGPoint(x: 10, y: 20))
        #expect(abs(quad.bounds.maxY - 40 / 3) < 1e-9, "the cubic's control points lie two thirds of the way to the quadratic's")
        #expect(quad.currentPoint == CGPoint(x: 20, y: 0))
    }

    @Test func aMillionSelfCrossingSegmentsAreCutToTheLimit() {
        let path = Self.zigzag(1_000_000, width: 40)
        #expect(path.path.elementCount == WeftLimits.maximumPathElements)
        let (bitmap, reports) = WeftDiagnostics.collect(matching: "maximumPathElements") {
            Self.draw { _ in
                path.stroke()
                path.fill()
                UIColor.green.setFill()
                UIRectFill(CGRect(x: 30, y: 30, width: 10, height: 10))
            }
        }
        #expect(bitmap.pixel(x: 35, y: 35) == Self.green)
        #expect(reports.contains { $0.subject == "UIBezierPath.stroke()" && $0.message.contains("1000000") })
        #expect(reports.contains { $0.subject == "UIBezierPath.fill()" && $0.message.contains("1000000") })
    }

    /// The figure `WeftLimits.maximumPathElements` documents: its worst case, a path of that many
    /// segments each crossing nearly all the others, filled and stroked on a 300-point canvas at
    /// scale 3, finishes in well under a few seconds (under 1 s on an idle 2-core machine; the
    /// bound here only catches a return of cairo's quadratic blow-up on a loaded one).
    @Test func theWorstPathAtTheLimitIsQuick() {
        let path = Self.zigzag(WeftLimits.maximumPathElements, width: 300)
        for (join, width) in [(CGLineJoin.miter, CGFloat(1)), (.round, 3), (.round, 300), (.miter, 3000)] {
            path.lineJoinStyle = join
            path.lineWidth = width
            let start = Date()
            _ = WeftDiagnostics.collect { Self.draw(CGSize(width: 300, height: 300), scale: 3) { _ in path.stroke(); path.fill() } }
            let took = Date().timeIntervalSince(start)
            #expect(took < 10, "\(join) \(width): \(took) s")
            print("worst path at the limit, \(join) join, width \(width): \(took) s")
        }
    }
}
