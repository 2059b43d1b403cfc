import Foundation

/// Lays out `rootLayoutElement` in `sizeRange`, its parent size being the range's maximum;
/// Texture's `ASCalculateRootLayout`.
public func ASCalculateRootLayout(_ rootLayoutElement: any ASLayoutElement, _ sizeRange: ASSizeRange) -> ASLayout {
    ASCalculateLayout(rootLayoutElement, sizeRange, sizeRange.max)
}

/// Lays out `layoutElement` in `sizeRange` inside a parent of `parentSize`; Texture's
/// `ASCalculateLayout`, the same as `layoutElement.layoutThatFits(sizeRange, parentSize: parentSize)`.
public func ASCalculateLayout(_ layoutElement: any ASLayoutElement, _ sizeRange: ASSizeRange, _ parentSize: CGSize) -> ASLayout {
    layoutElement.layoutThatFits(sizeRange, parentSize: parentSize)
}
