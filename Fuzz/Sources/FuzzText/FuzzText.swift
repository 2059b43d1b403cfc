import Foundation
import FuzzSupport
import Weft

// Attributed text: bytes choose a few runs of text, each with a font size, kern, baseline offset,
// colours, underline and strikethrough; the paragraph style (alignment, line break mode, line
// spacing, line-height multiple, first-line indent); the node's maximum number of lines,
// truncation mode and truncation text; the constrained size. The node is measured, sized to its
// measurement (when that is a size Bitmap can hold) and drawn.
// Oracles: no crash, hang or sanitizer report; a measurement is finite and not negative; drawing
// either succeeds or throws a RenderError.

@main
enum FuzzerMain {
    static func main() {
        // Repaired input is reported on standard error by default; a fuzzer makes millions.
        WeftDiagnostics.printsToStandardError = false
        runLibFuzzer(testOneInput)
    }
}

private let families = [UIFont.systemFamilyName, "DejaVu Sans", "DejaVu Serif", "NanumGothic", "monospace", "No Such Font", ""]

private func font(_ input: inout FuzzInput) -> UIFont {
    let size = input.number(0...200)
    let weight = UIFont.Weight(input.pick([-0.8, 0, 0.23, 0.4, 0.62, 1.5, -.infinity, .nan]))
    return UIFont(familyName: input.pick(families), pointSize: size, weight: weight, italic: input.bool())
}

private func color(_ input: inout FuzzInput) -> UIColor {
    UIColor(red: CGFloat(input.byte()) / 255, green: CGFloat(input.byte()) / 255, blue: CGFloat(input.byte()) / 255,
            alpha: input.pick([1, 0, 0.5, .nan, -1, 2]))
}

private func attributes(_ input: inout FuzzInput) -> [NSAttributedString.Key: Any] {
    var attributes: [NSAttributedString.Key: Any] = [:]
    let present = input.byte()
    if present & 0x01 != 0 { attributes[.font] = font(&input) }
    if present & 0x02 != 0 { attributes[.kern] = input.number(-20...40) }
    if present & 0x04 != 0 { attributes[.foregroundColor] = color(&input) }
    if present & 0x08 != 0 { attributes[.backgroundColor] = color(&input) }
    if present & 0x10 != 0 { attributes[.underlineStyle] = input.pick([0, 1, 2, 9, -1, 255]) }
    if present & 0x20 != 0 { attributes[.strikethroughStyle] = input.pick([0, 1, 2, 9]) }
    if present & 0x40 != 0 { attributes[.baselineOffset] = input.number(-50...50) }
    if present & 0x80 != 0 {
        let style = NSMutableParagraphStyle()
        style.alignment = input.pick(NSTextAlignment.allCases)
        style.lineBreakMode = input.pick(NSLineBreakMode.allCases)
        style.lineSpacing = input.number(-20...60)
        style.lineHeightMultiple = input.number(0...4)
        style.firstLineHeadIndent = input.number(-100...200)
        attributes[.paragraphStyle] = style
    }
    return attributes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    var input = FuzzInput(UnsafeRawBufferPointer(start: start, count: count))

    let node = ASTextNode()
    node.maximumNumberOfLines = UInt(input.pick([0, 0, 1, 2, 3, 5, 1000, Int(UInt32.max)]))
    node.truncationMode = input.pick(NSLineBreakMode.allCases)
    if input.bool() {
        node.truncationAttributedText = NSAttributedString(string: input.string(maximum: 8), attributes: attributes(&input))
    }
    let constrained = CGSize(width: input.number(0...600), height: input.pick([CGFloat.infinity, 20, 100, 400, 0, .nan, -5]))
    let scale = input.pick([CGFloat(1), 2, 3, 0.5])

    let text = NSMutableAttributedString(string: "")
    for _ in 0..<(1 + input.index(4)) where !input.isAtEnd {
        let run = input.string(maximum: 40)
        text.append(NSAttributedString(string: run, attributes: attributes(&input)))
    }
    text.append(NSAttributedString(string: input.remainingString()))
    node.attributedText = text

    let layout = node.layoutThatFits(ASSizeRange(min: .zero, max: constrained), parentSize: constrained)
    let size = layout.size
    precondition(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                 "text measured as \(size) in \(constrained)")
    _ = (node.lineCount, node.isTruncated, node.firstBaseline, node.lastBaseline)

    // Draw only what a caller could: a size that fits a bitmap of modest memory.
    guard size.width * scale <= 4096, size.height * scale <= 4096 else { return 0 }
    node.frame = CGRect(origin: .zero, size: size)
    do {
        _ = try node.renderBitmap(scale: scale)
    } catch {
        precondition(!String(describing: error).isEmpty, "empty error description")
    }
    return 0
}
