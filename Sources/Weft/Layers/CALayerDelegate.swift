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
/// Main-actor isolated: Core Animation asks on the main thread.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// QuartzCore's `action(for:forKey:)`: the action for `event` on `layer`; nil for none.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
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
    // SAFETY: only read and written under the layer's storage mutex; the delegate is main-actor
    // isolated and only called there.
    weak var value: (any CALayerDelegate)?
}

extension ASDisplayNode: CALayerDelegate {
    /// Texture's `actionForLayer:forKey:`: a layer-backed node enters the hierarchy on
    /// `kCAOnOrderIn` and leaves it on `kCAOnOrderOut` (a view-backed node's view does it as it
    /// moves to a window). No action: Weft runs no implicit animations.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        if isLayerBacked {
            if event == kCAOnOrderIn {
                enterHierarchy()
            } else if event == kCAOnOrderOut {
                exitHierarchy()
            }
        }
        return nil
    }
}
