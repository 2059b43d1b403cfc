import Foundation

/// An animation a layer runs for a change; QuartzCore's `CAAction`. Weft runs no implicit
/// animations: a delegate's answer is read and not run.
public protocol CAAction: AnyObject {}

/// QuartzCore's `kCAOnOrderIn`: the event a layer's delegate is asked about as the layer enters a
/// layer tree that is on screen.
public let kCAOnOrderIn = "onOrderIn"

/// QuartzCore's `kCAOnOrderOut`: the event a layer's delegate is asked about as the layer leaves it.
public let kCAOnOrderOut = "onOrderOut"

/// What a layer asks about its events; QuartzCore's `CALayerDelegate`. A node's layer's delegate
/// is its node (as Texture's `_ASDisplayLayer`'s is), which enters or leaves the hierarchy on
/// `kCAOnOrderIn`/`kCAOnOrderOut` when it is layer-backed. In QuartzCore the method is an
/// optional Objective-C requirement (`delegate?.action?(for:forKey:)`); here it is a requirement
/// with a default answer, nil, so call it as `delegate?.action(for:forKey:)`.
/// Not actor-isolated, as QuartzCore's is not (a main-actor protocol would make every node
/// subclass main-actor isolated through the nodes' conformance); Core Animation asks on the main thread.
public protocol CALayerDelegate: AnyObject {
    /// QuartzCore's `action(for:forKey:)`: the action for `event` on `layer`; nil for none.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
    /// QuartzCore's `layoutSublayers(of:)`: place `layer`'s sublayers; called by its layout pass
    /// (`CALayer.layoutIfNeeded()`). The default does nothing.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    public func layoutSublayers(of layer: CALayer) {}
}

extension CALayer {
    /// QuartzCore's `delegate`, held weakly: a node's layer answers its node; another layer, the
    /// delegate set on it (nil by default).
    public weak var delegate: (any CALayerDelegate)? {
        get {
            let (node, delegate) = storage.withLock { ($0.node, $0.delegate) }
            return node ?? delegate?.value
        }
        set { storage.withLock { $0.delegate = newValue.map(WeakLayerDelegate.init) } }
    }
}

/// A layer's delegate, held weakly in its storage.
struct WeakLayerDelegate: @unchecked Sendable {
    // SAFETY: only read and written under the layer's storage mutex; the delegate is called by
    // whoever holds the layer, on the main thread as in Core Animation.
    weak var value: (any CALayerDelegate)?
}

extension ASDisplayNode: CALayerDelegate {
    /// Texture's `actionForLayer:forKey:`: a layer-backed node enters the hierarchy on
    /// `kCAOnOrderIn` and leaves it on `kCAOnOrderOut` (a view-backed node's view does it as it
    /// moves to a window), on the main actor (asked elsewhere, the change is posted to it). No
    /// action: Weft runs no implicit animations.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard isLayerBacked, event == kCAOnOrderIn || event == kCAOnOrderOut else { return nil }
        let entering = event == kCAOnOrderIn
        // The node guards its own state; the hierarchy callbacks run on the main actor.
        let node = UncheckedSendable(self)
        let change: @MainActor @Sendable () -> Void = {
            if entering { node.value.enterHierarchy() } else { node.value.exitHierarchy() }
        }
        if MainActorBridge.ifOnMainActor(change) == nil { MainActorBridge.post(change) }
        return nil
    }
}
