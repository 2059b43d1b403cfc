import Foundation
import Weft

/// A picture of what VoiceOver reads: the rendered node with a translucent, colour-coded overlay
/// on each element's frame, beside a legend of the elements in reading order, each with a swatch
/// of its colour and what VoiceOver says ("Sign in. Button. Double-tap to sign in."); after Cash
/// App's AccessibilitySnapshot. Also a text form for text goldens.
///
/// Layout, in points: the image at the top left; the legend `margin` to its right, `legendWidth`
/// wide, one row per element (swatch, then the description and, smaller, the node's class,
/// frame and identifier); the whole on white, as tall as the taller of the two. Colours cycle
/// through `palette` in reading order. Pixels are deterministic: everything is drawn with Weft's
/// own text and graphics, synchronously, at `scale`.
///
/// Sendable namespace; the node form runs on any thread, the controller form on the main actor.
public enum AccessibilitySnapshot {
    /// The element colours, in reading order, repeating after the eighth.
    public static let palette: [UIColor] = [
        UIColor(hex: 0xE53935), UIColor(hex: 0x1E88E5), UIColor(hex: 0x43A047), UIColor(hex: 0xFB8C00),
        UIColor(hex: 0x8E24AA), UIColor(hex: 0x00ACC1), UIColor(hex: 0xD81B60), UIColor(hex: 0x7CB342),
    ]
    /// The overlay's opacity over the element's frame.
    public static let overlayAlpha: CGFloat = 0.3
    public static let margin: CGFloat = 16
    public static let legendWidth: CGFloat = 280
    public static let swatchSize: CGFloat = 14
    /// Characters of an element's description (and of its details line) shown in the legend; a
    /// longer one (a 1 MB label) is cut there with "…" and reported, so the legend's text layout
    /// stays bounded. `text(of:)` prints descriptions whole.
    public static let maximumLegendTextLength = 500
    /// The space between legend rows, in points.
    static let rowSpacing: CGFloat = 12

    /// `node` rendered (as `GoldenRendering.render` does; a collection at its content offset)
    /// beside its elements' legend.
    /// Throws `AccessibilitySnapshotError` for a bad scale or a legend that cannot fit a bitmap,
    /// before the legend is laid out.
    public static func render(_ node: ASDisplayNode, scale: CGFloat) throws -> Bitmap {
        try check(scale: scale)
        let image = try GoldenRendering.render(node, scale: scale)
        return try compose(image, node.accessibilityElementsInReadingOrder(), scale: scale)
    }

    /// The controller rendered at a screen `size` (`renderBitmap(size:scale:)`) beside the legend
    /// of its node's elements.
    @MainActor
    public static func render<Node: ASDisplayNode>(_ controller: ASDKViewController<Node>, size: CGSize, scale: CGFloat) throws -> Bitmap {
        try check(scale: scale)
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw AccessibilitySnapshotError.invalidSize(size)
        }
        let image = try controller.renderBitmap(size: size, scale: scale)
        let node: Node? = controller.node
        return try compose(image, node?.accessibilityElementsInReadingOrder() ?? [], scale: scale)
    }

    /// A UIKit view rendered (`UIView.renderBitmap(scale:)`) beside the legend of its hierarchy's
    /// elements (`UIView.accessibilityElementsInReadingOrder()`: UIKit views and the nodes of
    /// node views alike).
    @MainActor
    public static func render(_ view: UIView, scale: CGFloat) throws -> Bitmap {
        try check(scale: scale)
        let image = try view.renderBitmap(scale: scale)
        return try compose(image, view.accessibilityElementsInReadingOrder(), scale: scale)
    }

    /// Any controller rendered on the screen of `config` (`renderBitmap(on:size:traits:)`, as
    /// `.image(on:)` renders it) beside the legend of its view hierarchy's elements. The scale is
    /// the device's.
    @MainActor
    public static func render(_ controller: UIViewController, on config: ViewImageConfig, size: CGSize? = nil,
                              traits: UITraitCollection = .init()) throws -> Bitmap {
        let image = try controller.renderBitmap(on: config, size: size, traits: traits)
        return try compose(image, controller.view.accessibilityElementsInReadingOrder(), scale: image.scale)
    }

    /// The elements of a view's hierarchy as `text(of:)` prints a node's.
    @MainActor
    public static func text(of view: UIView) -> String {
        text(of: view.accessibilityElementsInReadingOrder())
    }

    /// The elements in reading order, one a line: number, what VoiceOver says, then the node,
    /// its frame and identifier, for a text golden:
    ///
    ///     1. "Sign in. Button."  ASButtonNode (16, 40, 120, 44) id=signIn
    public static func text(of node: ASDisplayNode) -> String {
        text(of: node.accessibilityElementsInReadingOrder())
    }

    /// `elements` as `text(of:)` prints them.
    public static func text(of elements: [AccessibilityElement]) -> String {
        elements.enumerated().map { index, element in "\(index + 1). \"\(element.voiceOverDescription)\"  \(details(element))" }
            .joined(separator: "\n")
    }

    /// The colour of the element at `index` in reading order.
    public static func color(at index: Int) -> UIColor { palette[index % palette.count] }

    /// The frame of the legend row at `index` (swatch and text) in a snapshot of `elements`
    /// beside an image `imageSize` wide; for tests that look for a row's pixels.
    public static func legendRowFrames(for elements: [AccessibilityElement], imageWidth: CGFloat, scale: CGFloat) throws -> [CGRect] {
        try check(scale: scale)
        return try legendRows(for: elements, imageWidth: imageWidth, scale: scale).map(\.frame)
    }

    private static func check(scale: CGFloat) throws(AccessibilitySnapshotError) {
        guard scale.isFinite, Bitmap.scaleRange.contains(scale) else { throw .invalidScale(scale) }
    }

    /// Refuses, before any text is laid out, a picture that cannot fit a bitmap: one too wide,
    /// or a legend whose rows, each at least a swatch tall, already pass `Bitmap.maximumSide`.
    private static func checkFits(imageSize: CGSize, elements: Int, scale: CGFloat) throws(AccessibilitySnapshotError) {
        let width = ((imageSize.width + margin + legendWidth + margin) * scale).rounded(.up)
        guard width <= CGFloat(Bitmap.maximumSide) else {
            throw .tooWide(imageWidth: imageSize.width, pixels: width < CGFloat(Int.max) ? Int(width) : Int.max, scale: scale)
        }
        let rows = CGFloat(max(elements, 1))
        let legend = ((margin + rows * swatchSize + (rows - 1) * rowSpacing + margin) * scale).rounded(.up)
        guard legend <= CGFloat(Bitmap.maximumSide) else {
            throw .legendTooTall(elements: elements, pixels: legend < CGFloat(Int.max) ? Int(legend) : Int.max, scale: scale)
        }
    }

    private static func details(_ element: AccessibilityElement) -> String {
        var text = "\(element.nodeClass) \(PointFormat.rect(element.frame))"
        if let identifier = element.identifier { text += " id=\(identifier)" }
        return text
    }

    private struct LegendRow {
        let frame: CGRect
        let text: Bitmap
    }

    private static func legendRows(for elements: [AccessibilityElement], imageWidth: CGFloat, scale: CGFloat) throws -> [LegendRow] {
        let x = imageWidth + margin
        let textWidth = legendWidth - swatchSize - 8
        var y = margin
        var rows: [LegendRow] = []
        var shortened = Shortened()
        let entries = elements.isEmpty ? [nil] : elements.map(Optional.some)
        for (index, element) in entries.enumerated() {
            let node = ASTextNode()
            node.attributedText = legendText(element, index: index, shortened: &shortened)
            let size = node.calculateSizeThatFits(CGSize(width: textWidth, height: .infinity))
            node.frame = CGRect(x: 0, y: 0, width: textWidth, height: max(1, (size.height * scale).rounded(.up) / scale))
            let bitmap = try node.renderBitmap(scale: scale)
            let frame = CGRect(x: x, y: y, width: legendWidth, height: max(node.frame.height, swatchSize))
            rows.append(LegendRow(frame: frame, text: bitmap))
            y = frame.maxY + rowSpacing
            // Rows still to come are at least a swatch tall each: stop as soon as they cannot fit.
            let remaining = CGFloat(entries.count - index - 1)
            let atLeast = ((y + remaining * (swatchSize + rowSpacing) - rowSpacing + margin) * scale).rounded(.up)
            if atLeast > CGFloat(Bitmap.maximumSide) {
                shortened.report()
                throw AccessibilitySnapshotError.legendTooTall(elements: elements.count, pixels: atLeast < CGFloat(Int.max) ? Int(atLeast) : Int.max,
                                                               scale: scale)
            }
        }
        shortened.report()
        return rows
    }

    private static func legendText(_ element: AccessibilityElement?, index: Int, shortened: inout Shortened) -> NSAttributedString {
        guard let element else {
            return NSAttributedString(string: "No accessibility elements", attributes: [.font: UIFont.italicSystemFont(ofSize: 13), .foregroundColor: UIColor.black])
        }
        let description = shortened.cut(element.voiceOverDescription, "description", index: index, element: element)
        let text = NSMutableAttributedString(string: description,
                                             attributes: [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.black])
        text.append(NSAttributedString(string: "\n" + shortened.cut(details(element), "details", index: index, element: element),
                                       attributes: [.font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor(hex: 0x555555)]))
        return text
    }

    /// The legend texts cut to `maximumLegendTextLength`: the first in full, then a count.
    private struct Shortened {
        var first: String?
        var count = 0

        mutating func cut(_ text: String, _ what: String, index: Int, element: AccessibilityElement) -> String {
            // utf8.count is O(1) for native strings; only a text that may be long is counted in characters.
            guard text.utf8.count > maximumLegendTextLength, text.count > maximumLegendTextLength else { return text }
            count += 1
            if first == nil {
                first = "element \(index + 1) (\(element.nodeClass))'s \(what) is \(text.count) characters; the legend shows the first "
                    + "\(maximumLegendTextLength) then \"…\" (AccessibilitySnapshot.maximumLegendTextLength)"
            }
            return String(text.prefix(maximumLegendTextLength)) + "…"
        }

        func report() {
            guard let first else { return }
            let more = count > 1 ? " (and \(count - 1) more text\(count == 2 ? "" : "s") cut)" : ""
            WeftDiagnostics.report(WeftDiagnostic(area: .accessibility, subject: "AccessibilitySnapshot", message: first + more))
        }
    }

    private static func compose(_ image: Bitmap, _ elements: [AccessibilityElement], scale: CGFloat) throws -> Bitmap {
        let imageRect = CGRect(origin: .zero, size: image.size)
        try checkFits(imageSize: image.size, elements: elements.count, scale: scale)
        // Overlays are clipped to the image; cut to it (with room for the stroke) before drawing,
        // so a frame of 1e300 or one far outside reaches cairo as a small, finite rectangle.
        let drawable = imageRect.insetBy(dx: -2, dy: -2)
        let rows = try legendRows(for: elements, imageWidth: imageRect.width, scale: scale)
        let legendBottom = (rows.last?.frame.maxY ?? 0) + margin
        let size = CGSize(width: imageRect.width + margin + legendWidth + margin, height: max(imageRect.height, legendBottom))
        return try Bitmap(size: size, scale: scale) { context in
            context.fill(CGRect(origin: .zero, size: size), with: .white)
            context.draw(image, in: imageRect)
            context.withSavedState {
                context.clip(to: imageRect)
                for (index, element) in elements.enumerated() {
                    let frame = element.frame.intersection(drawable)
                    guard !frame.isNull, frame.minX.isFinite, frame.minY.isFinite, frame.width.isFinite, frame.height.isFinite else { continue }
                    let color = color(at: index)
                    context.fill(frame, with: color.withAlphaComponent(overlayAlpha))
                    context.stroke(Path(rect: frame.insetBy(dx: 0.5, dy: 0.5)), with: color, lineWidth: 1)
                }
            }
            for (index, row) in rows.enumerated() {
                if !elements.isEmpty {
                    context.fill(CGRect(x: row.frame.minX, y: row.frame.minY + 1, width: swatchSize, height: swatchSize), with: color(at: index))
                }
                context.draw(row.text, in: CGRect(x: row.frame.minX + swatchSize + 8, y: row.frame.minY, width: row.text.size.width, height: row.text.size.height))
            }
        }
    }
}
