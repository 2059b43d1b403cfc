import Foundation
import Weft

/// Why `AccessibilitySnapshot.render` refused to make a picture. Each case is found before the
/// legend is laid out, and its message shows the value given. Sendable value; use from any context.
public enum AccessibilitySnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scale is not finite or not within `Bitmap.scaleRange`.
    case invalidScale(CGFloat)
    /// The controller's screen size has a side that is not finite or not above 0.
    case invalidSize(CGSize)
    /// The legend of `elements` rows cannot fit a bitmap: at least `pixels` pixels tall at `scale`,
    /// more than `Bitmap.maximumSide`.
    case legendTooTall(elements: Int, pixels: Int, scale: CGFloat)
    /// The image and the legend beside it are `pixels` wide at `scale`, more than `Bitmap.maximumSide`.
    case tooWide(imageWidth: CGFloat, pixels: Int, scale: CGFloat)

    public var description: String {
        switch self {
        case .invalidScale(let scale):
            return "AccessibilitySnapshot: invalid scale \(scale): it must be a finite number in \(Bitmap.scaleRange)"
        case .invalidSize(let size):
            return "AccessibilitySnapshot: invalid screen size \(size.width)×\(size.height): each side must be a finite number above 0"
        case let .legendTooTall(elements, pixels, scale):
            return "AccessibilitySnapshot: the legend of \(elements) elements would be at least \(pixels) pixels tall at scale \(scale), "
                + "more than the \(Bitmap.maximumSide)-pixel limit of a bitmap; snapshot a smaller part of the tree"
        case let .tooWide(imageWidth, pixels, scale):
            return "AccessibilitySnapshot: an image \(imageWidth) points wide with the legend beside it is \(pixels) pixels wide at scale \(scale), "
                + "more than the \(Bitmap.maximumSide)-pixel limit of a bitmap"
        }
    }
}
