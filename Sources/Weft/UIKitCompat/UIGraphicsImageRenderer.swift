import Foundation

/// The settings of an image renderer; UIKit's `UIGraphicsImageRendererFormat`.
///
/// `scale` is the main screen's (`UIScreen.main.scale`) by default, `opaque` false. UIKit's
/// `preferredRange` is left out: Weft draws sRGB only. Mutable, like UIKit's; a renderer copies
/// it when made. One thread at a time. Not Sendable.
public final class UIGraphicsImageRendererFormat {
    /// Pixels per point of the images made.
    public var scale: CGFloat
    /// Whether the images are fully opaque: the bitmap starts black and keeps no alpha.
    public var opaque: Bool

    public init() {
        scale = UIScreen.main.scale
        opaque = false
    }

    init(scale: CGFloat, opaque: Bool) {
        self.scale = scale
        self.opaque = opaque
    }

    /// UIKit's `default()`: the main screen's scale, not opaque.
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// UIKit's `preferred()`; the same as `default()` here.
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a renderer lends to its drawing closure; UIKit's `UIGraphicsImageRendererContext`.
/// It is also this thread's current UIKit context meanwhile, so `UIColor.setFill()`,
/// `UIBezierPath.fill()` and `UIImage.draw(in:)` draw into it.
/// Lent to the closure; never escapes it. Not Sendable.
public final class UIGraphicsImageRendererContext {
    let canvas: ImageCanvas
    /// The settings the renderer draws with (a copy).
    public let format: UIGraphicsImageRendererFormat

    init(canvas: ImageCanvas, format: UIGraphicsImageRendererFormat) {
        self.canvas = canvas
        self.format = format
    }

    /// The Core Graphics context drawn into.
    public var cgContext: CGContext { canvas.context }

    /// What has been drawn so far, as an image; UIKit's `currentImage`.
    public var currentImage: UIImage {
        (try? canvas.snapshot()).map(UIImage.init(bitmap:)) ?? UIImage(bitmap: UIGraphicsImageRenderer.emptyBitmap)
    }

    /// Fills `rect` with the current fill colour (normal blend, unlike `UIRectFill`, as in UIKit).
    public func fill(_ rect: CGRect) { fill(rect, blendMode: .normal) }
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) { rectFill(rect, blendMode, api: "UIGraphicsImageRendererContext.fill(_:)") }
    /// Draws a 1-point frame inside `rect` in the current fill colour.
    public func stroke(_ rect: CGRect) { stroke(rect, blendMode: .normal) }
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) { UIRectFrameUsingBlendMode(rect, blendMode) }
    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect, api: "UIGraphicsImageRendererContext.clip(to:)") }
}

/// Makes images from drawing closures; UIKit's `UIGraphicsImageRenderer`.
///
/// Each `image(actions:)` call draws into a fresh bitmap of `bounds.size` points at the format's
/// scale, with the bounds' origin at the top left, current on the calling thread for the closure.
/// A size or scale Weft cannot draw (zero, negative, NaN, too large) is reported as a
/// `WeftDiagnostic` (area `.display`); the closure does not run and the image is empty (0 × 0),
/// as UIKit returns an empty image. Sendable; use from any context, several threads at once.
public final class UIGraphicsImageRenderer: Sendable {
    /// The rectangle drawn, in points.
    public let bounds: CGRect
    private let scale: CGFloat
    private let opaque: Bool

    static let emptyBitmap = try! Bitmap(pixelWidth: 0, pixelHeight: 0, scale: 1)

    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: UIGraphicsImageRendererFormat())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        scale = format.scale
        opaque = format.opaque
    }

    /// The settings images are made with (a copy).
    public var format: UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat(scale: scale, opaque: opaque) }

    /// Runs `actions` with a fresh context and returns what it drew.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIImage(bitmap: render(actions) ?? Self.emptyBitmap)
    }

    /// Runs `actions` and returns what it drew as PNG bytes; UIKit's `pngData(actions:)`.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData()
    }

    private func render(_ actions: (UIGraphicsImageRendererContext) -> Void) -> Bitmap? {
        let canvas: ImageCanvas
        do {
            canvas = try ImageCanvas(size: bounds.size, scale: scale, opaque: opaque)
        } catch {
            WeftDiagnostics.report(.display, "UIGraphicsImageRenderer", "bounds \(bounds) at scale \(scale) cannot be drawn (\(error)); the image is empty")
            return nil
        }
        let context = UIGraphicsImageRendererContext(canvas: canvas, format: format)
        let stack = UIGraphicsContextStack.stack
        let depth = stack.entries.count
        stack.entries.append(.init(context: canvas.context, kind: .image(canvas)))
        canvas.context.withSavedState {
            canvas.context.translateBy(x: -bounds.minX, y: -bounds.minY)
            actions(context)
        }
        if stack.entries.count > depth + 1 {
            WeftDiagnostics.report(.display, "UIGraphicsImageRenderer", "\(stack.entries.count - depth - 1) context(s) pushed or begun in the actions were not ended; ended now")
        }
        if stack.entries.count > depth { stack.entries.removeSubrange(depth...) }
        do {
            return try canvas.snapshot()
        } catch {
            WeftDiagnostics.report(.display, "UIGraphicsImageRenderer", "\(error); the image is empty")
            return nil
        }
    }
}
