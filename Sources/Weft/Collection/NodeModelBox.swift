import Foundation

/// A node model (Texture's `nodeModel`: any object of the app's) as an element and its cell node
/// hold it. The model is the data source's object, made on the main actor and handed to the
/// node-making thread with the element, as Texture's collection element hands it to the node it
/// makes there; Weft never touches it but to hand it on and give it back.
struct NodeModelBox: @unchecked Sendable {
    // SAFETY: Weft only stores, passes and returns the model (never reads into it); the app
    // that made it owns its thread safety, as in Texture.
    let value: Any?
    init(_ value: Any?) { self.value = value }
}
