import Foundation
import Synchronization

/// Changes an image after it is drawn at the node's size, on the display queue, given the traits
/// it is drawn with; Texture's `asimagenode_modification_block_t`. Returning nil draws nothing, as
/// in Texture. (A one-argument block ports as `{ image, _ in ... }`.)
public typealias asimagenode_modification_block_t = @Sendable (UIImage, ASPrimitiveTraitCollection) -> UIImage?

/// Weft's name for `asimagenode_modification_block_t`.
public typealias ASImageNodeModificationBlock = asimagenode_modification_block_t

/// A node that draws an image; Texture's `ASImageNode`.
///
/// The image is placed by `contentMode` (`.scaleAspectFill` by default; every UIKit mode is
/// supported), cropped by `cropRect`, drawn at `forcedSize` when one is set, then given to
/// `imageModificationBlock`. The node's natural size is the image's size in points.
/// An image that cannot be decoded (`setImage(contentsOfFile:)`, `setImage(data:)`) is reported
/// through `imageError` and `onImageError`, and the node shows `placeholderColor`.
/// Thread-safe, like every node.
open class ASImageNode: ASDisplayNode {
    // SAFETY: the image state is in `imageState`, behind its mutex; its values are Sendable.
    struct ImageState {
        var image: UIImage?
        var cropRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        var forcedSize = CGSize.zero
        var modification: ASImageNodeModificationBlock?
        var placeholderColor: UIColor? = ImageState.defaultPlaceholderColor
        var error: ImageDecodingError?
        var onError: (@Sendable (ImageDecodingError) -> Void)?

        /// One immutable colour for every image node, not one allocated per node (a feed keeps
        /// tens of thousands of them).
        static let defaultPlaceholderColor = UIColor(white: 0.9, alpha: 1)
    }

    let imageState = LockedBox(ImageState())

    public override init() {
        super.init()
        isOpaque = false
        clipsToBounds = true
        contentMode = .scaleAspectFill
        // Texture's image node starts its layer's contentsScale at the screen's.
        contentsScale = ASScreenScale()
    }

    /// The image drawn; setting it clears `imageError`. Open so that `ASNetworkImageNode` can
    /// tell an image set directly from one it loaded, as Texture's does.
    open var image: UIImage? {
        get { imageState[\.image] }
        set { updateImage { $0.image = newValue; $0.error = nil } }
    }

    /// The part of the image that stays visible, in unit coordinates of the image. With a zero
    /// size (the default, (0.5, 0.5, 0, 0)) its origin says where `.scaleAspectFill` crops: the
    /// centre by default, (0, 0) keeps the top left. With a size, that region of the image is
    /// what fills the bounds.
    ///
    /// Repairs, reported (area `.image`): each component is clamped to 0...1; a non-finite origin
    /// component becomes 0.5 and a non-finite size component 0.
    public var cropRect: CGRect {
        get { imageState[\.cropRect] }
        set {
            let repaired = Self.sanitizedUnitRect(newValue)
            if !Self.sameRect(repaired, newValue) {
                WeftDiagnostics.report(.image, description, "cropRect \(newValue) is not within the unit square; \(repaired) used")
            }
            updateImage { $0.cropRect = repaired }
        }
    }

    /// When not zero, the image is drawn at this size and the result stretched to the bounds.
    /// Negative or non-finite sides count as zero (reported, area `.image`). A size too large to
    /// draw (past `Bitmap`'s limits at the display scale) is reported when drawing, and the image
    /// is drawn at the bounds instead.
    public var forcedSize: CGSize {
        get { imageState[\.forcedSize] }
        set {
            let size = CGSize(width: newValue.width.isFinite ? max(0, newValue.width) : 0,
                              height: newValue.height.isFinite ? max(0, newValue.height) : 0)
            if !Self.sameRect(CGRect(origin: .zero, size: size), CGRect(origin: .zero, size: newValue)) {
                WeftDiagnostics.report(.image, description, "forcedSize \(newValue) has a negative or non-finite side; \(size) used (0 means not forced)")
            }
            updateImage { $0.forcedSize = size }
        }
    }

    /// Runs on the display queue with the image as drawn at the node's size (a resizable image: the
    /// image itself, which is then stretched to the bounds) and the traits it is drawn with
    /// (the node's traits, with `displayScale` the backing store's scale); see the helpers
    /// `ASImageNodeRoundBorderModificationBlock` and `ASImageNodeTintColorModificationBlock`.
    public var imageModificationBlock: ASImageNodeModificationBlock? {
        get { imageState[\.modification] }
        set { updateImage { $0.modification = newValue } }
    }

    /// Shown when the image could not be decoded; light grey (white 0.9) by default, nil for none.
    public var placeholderColor: UIColor? {
        get { imageState[\.placeholderColor] }
        set { updateImage { $0.placeholderColor = newValue } }
    }

    /// Why the last `setImage(contentsOfFile:)` or `setImage(data:)` failed; nil after a success.
    public var imageError: ImageDecodingError? { imageState[\.error] }

    /// Called with the error when an image given to this node cannot be decoded.
    public var onImageError: (@Sendable (ImageDecodingError) -> Void)? {
        get { imageState[\.onError] }
        set { imageState[\.onError] = newValue }
    }

    /// Decodes a PNG or JPEG file into `image`; on failure reports it and shows the placeholder.
    public func setImage(contentsOfFile path: String) {
        setImage { () throws(ImageDecodingError) in try UIImage(contentsOf: URL(fileURLWithPath: path)) }
    }

    /// Decodes PNG or JPEG bytes into `image`; on failure reports it and shows the placeholder.
    public func setImage(data: Data, scale: CGFloat = 1) {
        setImage { () throws(ImageDecodingError) in try UIImage(decoding: data, scale: scale) }
    }

    private func setImage(_ decode: () throws(ImageDecodingError) -> UIImage) {
        do {
            let decoded = try decode()
            updateImage { $0.image = decoded; $0.error = nil }
        } catch {
            // The setter cannot throw: besides imageError and onImageError, say it where it is seen.
            WeftDiagnostics.report(.image, description, "\(error); the placeholder is shown")
            let handler = imageState[\.onError]
            updateImage { $0.image = nil; $0.error = error }
            handler?(error)
        }
    }

    /// The image's size in points (or `forcedSize`), whatever the constraint, as in Texture.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        imageState.withLockedValue { s in
            s.forcedSize != .zero ? s.forcedSize : (s.image?.size ?? .zero)
        }
    }

    private func updateImage(_ change: (inout ImageState) -> Void) {
        imageState.withLockedValue { change(&$0) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Equal component by component, NaN never equal (CGRect's == on Linux compares by value).
    private static func sameRect(_ a: CGRect, _ b: CGRect) -> Bool {
        [a.origin.x, a.origin.y, a.width, a.height] == [b.origin.x, b.origin.y, b.width, b.height]
    }

    static func sanitizedUnitRect(_ rect: CGRect) -> CGRect {
        func unit(_ value: CGFloat, _ fallback: CGFloat) -> CGFloat { value.isFinite ? min(max(value, 0), 1) : fallback }
        return CGRect(x: unit(rect.origin.x, 0.5), y: unit(rect.origin.y, 0.5),
                      width: unit(rect.width, 0), height: unit(rect.height, 0))
    }

    open override func drawParameters() -> (any Sendable)? {
        let mode = contentMode
        let subject = description
        // Read before the image state's lock: the tint walks up the supernodes' locks.
        let tint = image?.isTemplate == true ? (tintColor ?? ASDisplayNode.defaultTintColor) : ASDisplayNode.defaultTintColor
        return imageState.withLockedValue { s -> ImageDrawParameters? in
            guard s.image != nil || s.error != nil else { return nil }
            return ImageDrawParameters(image: s.image, contentMode: mode, cropRect: s.cropRect, forcedSize: s.forcedSize,
                                       modification: s.modification, placeholderColor: s.error != nil ? s.placeholderColor : nil,
                                       tint: tint, subject: subject)
        }
    }

    /// A template image is drawn in the tint colour, so a new tint redraws it; Texture's
    /// `tintColorDidChange` (call super).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.isTemplate == true { setNeedsDisplay() }
    }

    /// A template image takes the tint of where it now is; Texture's `didEnterHierarchy` redraws it.
    open override func didEnterHierarchy() {
        super.didEnterHierarchy()
        if image?.isTemplate == true { setNeedsDisplay() }
    }

    /// The image's own bitmap, committed as the backing store without a copy, when drawing it would
    /// copy it pixel for pixel: same pixel size and scale as the store, placed exactly on the
    /// bounds, with no crop, forced size, modification, stretching or tint. A scroll of photo cards
    /// then neither copies nor zero-fills a store per photo. Only for the image node classes whose
    /// drawing is this class's (a subclass may draw otherwise).
    override class func contentsWithoutDrawing(_ bounds: CGRect, scale: CGFloat, parameters: (any Sendable)?) -> Bitmap? {
        guard self == ASImageNode.self || self == ASNetworkImageNode.self || self == ASMultiplexImageNode.self,
              let parameters = parameters as? ImageDrawParameters, let image = parameters.image,
              parameters.modification == nil, parameters.forcedSize == .zero,
              parameters.cropRect.width <= 0 || parameters.cropRect.height <= 0,
              image.capInsets == .zero, !image.isTemplate,
              image.scale == scale, bounds.origin == .zero,
              CGFloat(image.bitmap.pixelWidth) == bounds.width * scale, CGFloat(image.bitmap.pixelHeight) == bounds.height * scale,
              ImageDrawParameters.placement(of: image.size, in: bounds, mode: parameters.contentMode,
                                            alignment: parameters.contentMode == .scaleAspectFill ? parameters.cropRect.origin : CGPoint(x: 0.5, y: 0.5)) == bounds
        else { return nil }
        return image.bitmap
    }

    open override class func draw(_ bounds: CGRect, withParameters parameters: (any Sendable)?,
                                  isCancelled: () -> Bool, in context: GraphicsContext) {
        guard let parameters = parameters as? ImageDrawParameters else { return }
        parameters.draw(in: bounds, context: context, isCancelled: isCancelled)
    }
}
