import Foundation
import FuzzSupport
import Weft

// UIKit and Core Graphics drawing: the bytes are a small program run inside a renderer (or an
// image context). Each instruction builds a UIBezierPath (every initializer; move, line, curve,
// quadratic, arc, close, append, apply a transform, line width, miter limit, dash with any count)
// and strokes, fills or clips with it, or calls CGContext directly (current-path building, arcs,
// lines between points, strokes and fills, transforms including concatenate, line width, dash,
// miter limit, rect fills, clears and clips, saved states, images drawn in rects). Numbers are
// mostly ordinary, sometimes NaN, ±inf, 1e300 or any bit pattern, and some instructions repeat
// up to 200,000 times (a million-segment path in a few instructions).
// Oracles: no crash, hang or sanitizer report; the image has the renderer's size.

@main
enum FuzzerMain {
    static func main() {
        // Repaired input is reported on standard error by default; a fuzzer makes millions.
        WeftDiagnostics.printsToStandardError = false
        runLibFuzzer(testOneInput)
    }
}

private let smallImage: UIImage = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { _ in
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 2))
}

private extension FuzzInput {
    mutating func point() -> CGPoint { CGPoint(x: number(-10...80), y: number(-10...80)) }
    mutating func rect() -> CGRect { CGRect(x: number(-10...80), y: number(-10...80), width: number(-10...80), height: number(-10...80)) }
    mutating func angle() -> CGFloat { number(-7...7) }
    /// Usually a handful, sometimes many: how often an instruction repeats.
    mutating func count() -> Int { pick([1, 2, 3, 5, 10, 100, 5_000, 200_000]) }
    mutating func transform() -> CGAffineTransform {
        CGAffineTransform(a: number(-3...3), b: number(-3...3), c: number(-3...3), d: number(-3...3), tx: number(-40...40), ty: number(-40...40))
    }
}

private func run(_ input: inout FuzzInput, _ context: CGContext) {
    var path = UIBezierPath()
    var saved = 0
    var steps = 0
    while !input.isAtEnd, steps < 256 {
        steps += 1
        switch input.byte() % 40 {
        case 0: path.move(to: input.point())
        case 1: for _ in 0..<input.count() { path.addLine(to: input.point()) }
        case 2: path.addCurve(to: input.point(), controlPoint1: input.point(), controlPoint2: input.point())
        case 3: path.addQuadCurve(to: input.point(), controlPoint: input.point())
        case 4: path.addArc(withCenter: input.point(), radius: input.number(-5...40), startAngle: input.angle(), endAngle: input.angle(), clockwise: input.bool())
        case 5: path.close()
        case 6: path.stroke()
        case 7: input.bool() ? path.fill() : path.fill(with: .multiply, alpha: input.number(0...1))
        case 8: context.saveGState(); path.addClip(); saved += 1
        case 9: path.lineWidth = input.number(0...20)
        case 10:
            let count = input.pick([0, 1, 2, 3, 8, -1, 1_025, Int.max])
            var lengths = (0..<max(2, min(count, 1_024))).map { _ in input.number(0...10) }
            path.setLineDash(&lengths, count: count, phase: input.number(-5...5))  // past 1,024 refused unread
        case 11:
            switch input.byte() % 5 {
            case 0: path = UIBezierPath(rect: input.rect())
            case 1: path = UIBezierPath(roundedRect: input.rect(), cornerRadius: input.number(-5...30))
            case 2: path = UIBezierPath(ovalIn: input.rect())
            case 3: path = UIBezierPath(arcCenter: input.point(), radius: input.number(-5...40), startAngle: input.angle(), endAngle: input.angle(), clockwise: input.bool())
            default:
                path = UIBezierPath(roundedRect: input.rect(), byRoundingCorners: UIRectCorner(rawValue: UInt(input.byte() % 16)),
                                    cornerRadii: CGSize(width: input.number(-5...30), height: input.number(-5...30)))
            }
        case 12: path.apply(input.transform())
        case 13: path.append(UIBezierPath(cgPath: path.cgPath))
        case 14: path.miterLimit = input.number(0...20)
        case 15: context.move(to: input.point())
        case 16: for _ in 0..<input.count() { context.addLine(to: input.point()) }
        case 17: context.addArc(center: input.point(), radius: input.number(-5...40), startAngle: input.angle(), endAngle: input.angle(), clockwise: input.bool())
        case 18: context.addQuadCurve(to: input.point(), control: input.point())
        case 19: context.addCurve(to: input.point(), control1: input.point(), control2: input.point())
        case 20: context.strokePath()
        case 21: context.fillPath()
        case 22: context.translateBy(x: input.number(-40...40), y: input.number(-40...40))
        case 23: context.scaleBy(x: input.number(-4...4), y: input.number(-4...4))
        case 24: context.rotate(by: input.angle())
        case 25: context.concatenate(input.transform())
        case 26: context.setLineWidth(input.number(0...20))
        case 27: context.setLineDash(phase: input.number(-5...5), lengths: (0..<input.index(6)).map { _ in input.number(0...10) })
        case 28: context.setMiterLimit(input.number(0...20))
        case 29: context.fill(input.rect())
        case 30: context.clear(input.rect())
        case 31: context.saveGState(); context.clip(to: input.rect()); saved += 1
        case 32: context.saveGState(); saved += 1
        case 33: if saved > 0 { context.restoreGState(); saved -= 1 }
        case 34: context.setLineJoin(input.pick([.miter, .round, .bevel])); context.setLineCap(input.pick([.butt, .round, .square]))
        case 35: context.strokeLineSegments(between: (0..<input.index(8)).map { _ in input.point() })
        case 36: context.addLines(between: (0..<min(input.count(), 20_000)).map { _ in input.point() })
        case 37: input.bool() ? context.addEllipse(in: input.rect()) : context.strokeEllipse(in: input.rect())
        case 38: input.bool() ? smallImage.draw(in: input.rect()) : context.draw(smallImage, in: input.rect())
        default: context.beginPath(); context.addPath(path.cgPath)
        }
    }
    while saved > 0 { context.restoreGState(); saved -= 1 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    var input = FuzzInput(UnsafeRawBufferPointer(start: data, count: size))
    let width = CGFloat(1 + input.index(64)), height = CGFloat(1 + input.index(64)), scale = CGFloat(1 + input.index(3))
    if input.bool() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { renderer in
            run(&input, renderer.cgContext)
        }
        guard image.bitmap.pixelWidth == Int(width * scale), image.bitmap.pixelHeight == Int(height * scale) else {
            fatalError("a \(width) × \(height) renderer at scale \(scale) made a \(image.bitmap.pixelWidth) × \(image.bitmap.pixelHeight) image")
        }
    } else {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: width, height: height), input.bool(), scale)
        if let context = UIGraphicsGetCurrentContext() { run(&input, context) }
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        guard let image, image.bitmap.pixelWidth == Int(width * scale) else { fatalError("the image context made no image of its size") }
    }
    return 0
}
