import Foundation

/// Why a node tree could not be rendered to a bitmap or PNG. Each message names the node.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The picture itself could not be made (bad scale, or a size too large or invalid).
    case invalidTarget(node: String, reason: GraphicsError)
    /// A node's backing store could not be drawn.
    case displayFailed(node: String, reason: GraphicsError)
    /// The node's subtree is `depth` levels deep (the node itself is level 1), more than `limit`
    /// (`WeftLimits.maximumTreeDepth`).
    case treeTooDeep(node: String, depth: Int, limit: Int)
    /// The node's bounds are `size`, with no width or no height: there is no picture to make
    /// (a 0-pixel PNG is not a valid file).
    case emptyBounds(node: String, size: CGSize)

    public var description: String {
        switch self {
        case .invalidTarget(let node, let reason): return "cannot render \(node): \(reason)"
        case .displayFailed(let node, let reason): return "cannot draw the contents of \(node): \(reason)"
        case let .treeTooDeep(node, depth, limit):
            return "cannot render \(node): its subtree is \(depth) nodes deep, more than the limit of \(limit) (WeftLimits.maximumTreeDepth)"
        case let .emptyBounds(node, size):
            return "cannot render \(node): its bounds are \(size.width)×\(size.height) points; a picture needs a width and a height above 0"
        }
    }
}
