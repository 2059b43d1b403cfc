import Foundation

/// UIKit's geometry boxing on `NSValue` (`NSValue(cgRect:)`, `cgRectValue` and kin), which
/// Texture's APIs returning `[NSValue]` (`ASTextNode.rects(forTextRange:)`) are read with.
extension NSValue {
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public var cgRectValue: CGRect { rectValue }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
}
