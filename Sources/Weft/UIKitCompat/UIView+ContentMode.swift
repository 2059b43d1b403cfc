/// The namespace of UIKit's view enums that Texture code names, such as `UIView.ContentMode`.
public enum UIView {
    /// How content is placed in a node's bounds; UIKit's `UIView.ContentMode`.
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
