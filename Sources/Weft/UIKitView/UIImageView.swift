import Foundation

/// A view that shows an image placed by its `contentMode` (scale to fill by default, as in UIKit);
/// UIKit's `UIImageView`. Drawn with `ASImageNode`'s placement rules; a template image
/// (`.alwaysTemplate`) in the view's `tintColor`. Main-actor isolated.
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// UIKit's `init(image:)`: sized to the image.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let image, rect.width > 0, rect.height > 0 else { return }
        let node = ASImageNode()
        node.image = image
        node.contentMode = contentMode
        node.clipsToBounds = clipsToBounds
        node.tintColor = tintColor
        node.frame = CGRect(origin: .zero, size: rect.size)
        guard let bitmap = try? node.renderBitmap(scale: context.scale) else { return }
        context.draw(bitmap, in: rect)
    }
}
