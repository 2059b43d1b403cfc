extension UIView {
    /// How content is placed in a view's or node's bounds; UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable, CaseIterable {
        case scaleToFill
        case scaleAspectFit
        case scaleAspectFill
        case redraw
        case center
        case top
        case bottom
        case left
        case right
        case topLeft
        case topRight
        case bottomLeft
        case bottomRight
    }
}
