import Foundation

/// A view that shows text, laid out by pango like `ASTextNode`; UIKit's `UILabel`.
///
/// `text` with `font`, `textColor` and `textAlignment`, or `attributedText`; `numberOfLines`
/// (1 by default, 0 = unlimited) and `lineBreakMode` (tail truncation by default). The text is
/// centred vertically in the bounds, as UILabel does. Main-actor isolated.
@preconcurrency @MainActor
open class UILabel: UIView {
    open var text: String?
    open var attributedText: NSAttributedString?
    open var font = UIFont.systemFont(ofSize: 17)
    open var textColor = UIColor.black
    open var textAlignment = NSTextAlignment.natural
    open var numberOfLines = 1
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The text node that measures and draws the label's text.
    private func textNode() -> ASTextNode? {
        let content: NSAttributedString
        if let attributedText {
            content = attributedText
        } else if let text, !text.isEmpty {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            content = NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: textColor, .paragraphStyle: style])
        } else {
            return nil
        }
        let node = ASTextNode()
        node.attributedText = content
        node.maximumNumberOfLines = UInt(max(0, numberOfLines))
        node.truncationMode = lineBreakMode
        return node
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : .greatestFiniteMagnitude
        guard let node = textNode() else { return .zero }
        return node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let node = textNode() else { return }
        let measured = node.calculateSizeThatFits(CGSize(width: rect.width, height: .infinity))
        let height = min(measured.height, rect.height)
        guard rect.width > 0, height > 0 else { return }
        node.frame = CGRect(x: 0, y: 0, width: rect.width, height: height)
        guard let bitmap = try? node.renderBitmap(scale: context.scale) else { return }
        context.draw(bitmap, in: CGRect(x: rect.minX, y: rect.minY + ((rect.height - height) / 2 * context.scale).rounded() / context.scale,
                                        width: rect.width, height: height))
    }
}
