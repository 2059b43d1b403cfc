import Foundation

/// Something wrong with a layout's input that layout survived by a documented rule. Layout never
/// throws or crashes; it records these on the `ASLayout` it returns (see `ASLayout.issues`).
/// Each message names the element. Sendable value; use from any context.
public enum ASLayoutIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// A spec that needs a child (or a background, overlay or corner) has none; it lays out as 0×0,
    /// or as its child alone.
    case missingChild(spec: String, role: String)
    /// The same element appears twice in one node's spec tree; the node lays out as an empty spec,
    /// as Texture does.
    case duplicateElement(element: String, node: String)
    /// An element contains itself, directly or through other nodes; the repeated element lays out
    /// as 0×0.
    case cycle(element: String)
    /// A size range with NaN or negative bounds; it was repaired (see `ASSizeRange`).
    case invalidSizeRange(element: String, range: String)
    /// A ratio that is not finite and positive; the spec passes its range through unchanged.
    case invalidRatio(spec: String, ratio: CGFloat)
    /// The element is nested `depth` levels deep, past `limit` (`WeftLimits.maximumTreeDepth`
    /// nodes, or four times as many elements counting specs); it was laid out as 0×0, and
    /// nothing inside it was laid out.
    case tooDeep(element: String, depth: Int, limit: Int)
    /// A number a spec needs finite (a stack's spacing, say) is NaN or infinite; 0 was used.
    case invalidValue(element: String, property: String, value: CGFloat)

    public var description: String {
        switch self {
        case let .missingChild(spec, role): return "\(spec) has no \(role); it was laid out without one"
        case let .duplicateElement(element, node): return "\(element) appears more than once in the layout spec of \(node); the node was laid out empty"
        case let .cycle(element): return "\(element) contains itself; the repeated element was laid out as 0×0"
        case let .invalidSizeRange(element, range): return "\(element) was given the invalid size range \(range); it was repaired"
        case let .invalidRatio(spec, ratio): return "\(spec) has the invalid ratio \(ratio); it must be finite and positive"
        case let .tooDeep(element, depth, limit): return "\(element) is nested \(depth) levels deep, past the limit of \(limit); it was laid out as 0×0"
        case let .invalidValue(element, property, value): return "\(element) has \(property) \(value), which is not a finite number; 0 was used"
        }
    }
}
