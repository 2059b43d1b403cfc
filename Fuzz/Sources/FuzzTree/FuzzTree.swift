import Foundation
import FuzzSupport
import Weft

// A random node tree: the bytes are a small program. Each instruction picks a node already built
// and adds a subnode (plain, text, image), moves a node under another (cycles included: Weft must
// refuse them), removes one, or sets a frame, colour, alpha, corner radius and rounding, border,
// clipsToBounds, hidden, a style size or flex value, a display block, or a layout spec block
// (stack, inset, ratio, overlay, background, center, absolute; stacks possibly concurrent and
// wrapping, each child possibly inset or ratio-wrapped). Then the root is rendered.
// Oracles: no crash, hang or sanitizer report; rendering either gives a bitmap of the root's size
// or throws a RenderError.

@main
enum FuzzerMain {
    static func main() {
        // Repaired input is reported on standard error by default; a fuzzer makes millions.
        WeftDiagnostics.printsToStandardError = false
        runLibFuzzer(testOneInput)
    }
}

private let smallImage: UIImage = {
    let bitmap = try! Bitmap(size: CGSize(width: 3, height: 2), scale: 1) { context in
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2), with: .red)
    }
    return UIImage(bitmap: bitmap)
}()

/// How a node's layout spec block builds its spec from the node's subnodes at layout time.
private struct Recipe: Sendable {
    var kind: UInt8 = 0
    var direction = ASStackLayoutDirection.vertical
    var spacing: CGFloat = 0
    var justify = ASStackLayoutJustifyContent.start
    var align = ASStackLayoutAlignItems.start
    var wrap = ASStackLayoutFlexWrap.noWrap
    var concurrent = false
    var insets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var ratio: CGFloat = 1
    /// Per child: 0 as is, 1 inset, 2 ratio.
    var wrapping: UInt8 = 0

    init(_ input: inout FuzzInput) {
        kind = input.byte() % 7
        direction = input.bool() ? .vertical : .horizontal
        spacing = input.number(-10...40)
        justify = ASStackLayoutJustifyContent(rawValue: input.index(5)) ?? .start
        align = ASStackLayoutAlignItems(rawValue: input.index(7)) ?? .start
        wrap = input.bool() ? .wrap : .noWrap
        concurrent = input.index(4) == 0
        insets = UIEdgeInsets(top: input.number(-20...40), left: input.number(-20...40),
                              bottom: input.number(-20...40), right: input.number(-20...40))
        ratio = input.number(0...4)
        wrapping = input.byte()
    }

    func build(_ children: [ASDisplayNode]) -> ASLayoutSpec {
        let wrapped: [any ASLayoutElement] = children.enumerated().map { index, child in
            switch (wrapping >> (2 * (index % 4))) & 3 {
            case 1: return ASInsetLayoutSpec(insets: insets, child: child)
            case 2: return ASRatioLayoutSpec(ratio: ratio, child: child)
            default: return child
            }
        }
        func stack() -> ASStackLayoutSpec {
            let spec = ASStackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify,
                                         alignItems: align, children: wrapped)
            spec.flexWrap = wrap
            spec.isConcurrent = concurrent
            return spec
        }
        guard let first = wrapped.first else { return stack() }
        switch kind {
        case 1: return ASInsetLayoutSpec(insets: insets, child: wrapped.count == 1 ? first : stack())
        case 2: return ASRatioLayoutSpec(ratio: ratio, child: wrapped.count == 1 ? first : stack())
        case 3: return ASOverlayLayoutSpec(child: first, overlay: wrapped.dropFirst().first)
        case 4: return ASBackgroundLayoutSpec(child: first, background: wrapped.dropFirst().first)
        case 5: return ASCenterLayoutSpec(centeringOptions: ASCenterLayoutSpecCenteringOptions(rawValue: UInt(wrapping & 3)),
                                          sizingOptions: ASCenterLayoutSpecSizingOptions(rawValue: UInt(wrapping >> 2 & 3)),
                                          child: first)
        case 6: return ASAbsoluteLayoutSpec(children: wrapped)
        default: return stack()
        }
    }
}

private func color(_ input: inout FuzzInput) -> UIColor {
    UIColor(red: CGFloat(input.byte()) / 255, green: CGFloat(input.byte()) / 255, blue: CGFloat(input.byte()) / 255,
            alpha: input.pick([1, 1, 0.5, 0, .nan, -1, 2]))
}

private func dimension(_ input: inout FuzzInput) -> ASDimension {
    switch input.index(3) {
    case 0: return .auto
    case 1: return ASDimensionMake(input.number(0...300))
    default: return ASDimensionMakeWithFraction(input.number(0...2))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    var input = FuzzInput(UnsafeRawBufferPointer(start: start, count: count))

    let root = ASDisplayNode()
    root.frame = CGRect(x: 0, y: 0, width: input.number(1...300), height: input.number(1...300))
    var nodes = [root]
    let scale = input.pick([CGFloat(1), 2, 3, 0.5, 0, .nan])

    for _ in 0..<96 where !input.isAtEnd {
        let node = input.pick(nodes)
        switch input.byte() % 18 {
        case 0, 1:
            guard nodes.count < 48 else { break }
            let child = ASDisplayNode()
            node.addSubnode(child)
            nodes.append(child)
        case 2:
            guard nodes.count < 48 else { break }
            let text = ASTextNode()
            text.attributedText = NSAttributedString(
                string: input.string(maximum: 24),
                attributes: [.font: UIFont.systemFont(ofSize: input.number(1...40)), .foregroundColor: color(&input)])
            text.maximumNumberOfLines = UInt(input.index(4))
            node.addSubnode(text)
            nodes.append(text)
        case 3:
            guard nodes.count < 48 else { break }
            let image = ASImageNode()
            image.image = smallImage
            image.contentMode = input.pick([.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft, .bottomRight])
            if input.bool() { image.cropRect = CGRect(x: input.number(0...1), y: 0, width: input.number(0...1), height: 1) }
            node.addSubnode(image)
            nodes.append(image)
        case 4:
            // Reparenting, including under a descendant, which must be refused rather than form a cycle.
            let other = input.pick(nodes)
            if input.bool() { node.addSubnode(other) } else { node.insertSubnode(other, at: input.index(6) - 2) }
        case 5:
            if node !== root { node.removeFromSupernode() }
        case 6:
            node.frame = CGRect(x: input.number(-50...300), y: input.number(-50...300),
                                width: input.number(0...300), height: input.number(0...300))
        case 7: node.backgroundColor = input.bool() ? color(&input) : nil
        case 8: node.alpha = input.pick([0, 0.3, 1, 1, .nan, -1, 5, .infinity])
        case 9: node.cornerRadius = input.number(0...150)
        case 10: node.cornerRoundingType = input.pick([.defaultSlowCALayer, .precomposited, .clipping])
        case 11: node.clipsToBounds = input.bool()
        case 12:
            node.borderWidth = input.number(0...20)
            node.borderColor = color(&input)
        case 13: node.isHidden = input.index(4) == 0
        case 14:
            let style = node.style
            switch input.index(6) {
            case 0: style.preferredSize = CGSize(width: input.number(0...300), height: input.number(0...300))
            case 1: style.width = dimension(&input); style.height = dimension(&input)
            case 2: style.minWidth = dimension(&input); style.maxHeight = dimension(&input)
            case 3: style.flexGrow = input.number(0...3); style.flexShrink = input.number(0...3)
            case 4: style.spacingBefore = input.number(-10...30); style.flexBasis = dimension(&input)
            default: style.alignSelf = ASStackLayoutAlignSelf(rawValue: input.index(5)) ?? .auto
            }
        case 15:
            let fill = color(&input)
            let inset = input.number(-5...20)
            node.displayBlock = { bounds, context, isCancelled in
                guard !isCancelled() else { return }
                context.fill(bounds.insetBy(dx: inset, dy: inset), with: fill)
            }
        case 16:
            let recipe = Recipe(&input)
            node.layoutSpecBlock = { node, _ in recipe.build(node.subnodes) }
        default:
            node.automaticallyManagesSubnodes = input.bool()
        }
    }

    // Only sizes a caller could reasonably render are drawn; the rest must be refused with an error.
    let size = root.bounds.size
    if size.width.isFinite, size.height.isFinite, size.width * scale > 2048 || size.height * scale > 2048 { return 0 }
    do {
        let bitmap = try root.renderBitmap(scale: scale)
        // Pixel sides are rounded, so the bitmap may differ from the root by up to a pixel.
        let slack = 1 / scale + 1e-9
        precondition(abs(bitmap.size.width - size.width) <= slack && abs(bitmap.size.height - size.height) <= slack,
                     "rendered \(bitmap.size) for a root of \(size) at scale \(scale)")
    } catch {
        precondition(!String(describing: error).isEmpty, "empty error description")
    }
    return 0
}
