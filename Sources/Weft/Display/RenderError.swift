import Foundation

/// Why a node tree could not be rendered to a bitmap or PNG. Each message names the node.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The picture itself could not be made (bad scale, or a size too large or invalid).
    case invalidTarget(node: String, reason: GraphicsError)
    /// A node's backing store could not be drawn.
    case displayFailed(node: String, reason: GraphicsError)

    public var description: String {
        switch self {
        case .invalidTarget(let node, let reason): return "cannot render \(node): \(reason)"
        case .displayFailed(let node, let reason): return "cannot draw the contents of \(node): \(reason)"
        }
    }
}
