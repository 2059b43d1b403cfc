import Foundation

/// Right-to-left layout by mirroring: a spec that arranges by leading and trailing sides lays out
/// left to right, then, when it lays out right to left, reflects its sublayouts in its own width.
/// A mirror image is what UIKit's leading and trailing constraints give (UIStackView, directional
/// insets), and one rule for every spec keeps them consistent with each other: the first element
/// of a row ends up rightmost, "start" means the right edge, spacing and flexible space fall where
/// the reflection puts them. Sizes never change, so a right-to-left layout measures exactly as the
/// left-to-right one, and the left-to-right path pays only the direction check.
enum LayoutMirroring {
    /// `sublayouts` reflected in a parent `width` points wide (rounded up to the pixel, as the
    /// parent's `ASLayout` rounds its size): each keeps its y and size, its x becomes
    /// `width − x − its width`.
    static func mirrored(_ sublayouts: [ASLayout], inWidth width: CGFloat) -> [ASLayout] {
        let width = ASCeilPixelValue(width)
        return sublayouts.map { $0.positioned(at: CGPoint(x: width - $0.position.x - $0.size.width, y: $0.position.y)) }
    }
}
