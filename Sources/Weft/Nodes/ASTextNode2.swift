import Foundation

/// Texture's `ASTextNode2`, the newer implementation of its text node, with the same API. In Weft
/// both are the same pango-based node: `ASTextNode2` is an `ASTextNode`, so Texture code that
/// makes either, or declares a property of either type, works unchanged.
/// Thread-safe, like every node.
open class ASTextNode2: ASTextNode {
    public override init() {
        super.init()
    }

    /// Texture's `ASTextNode2` answers `supportsLayerBacking` false when any run of the text is a
    /// link, not only the first.
    override var hasLink: Bool { anyRunHasLink }

    /// Texture's: true, this is the newer implementation.
    open override var usingExperiment: Bool { true }
}
