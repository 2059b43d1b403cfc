/// Where a node stands relative to the viewport; Texture's `ASInterfaceState`.
///
/// A node entering `.display` starts drawing its backing store on the display queue; leaving it
/// cancels that work and drops the backing store. Sendable value; use from any context.
public struct ASInterfaceState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The node is measured by a layout.
    public static let measureLayout = ASInterfaceState(rawValue: 1 << 0)
    /// Data (an image from the network, say) should be fetched.
    public static let preload = ASInterfaceState(rawValue: 1 << 1)
    /// The backing store should be drawn.
    public static let display = ASInterfaceState(rawValue: 1 << 2)
    /// The node is on screen.
    public static let visible = ASInterfaceState(rawValue: 1 << 3)
    /// All of the above: a node in a window.
    public static let inHierarchy: ASInterfaceState = [.measureLayout, .preload, .display, .visible]

    public var description: String {
        let names = [(ASInterfaceState.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible")]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "[]" : "[\(present.joined(separator: ", "))]"
    }
}
