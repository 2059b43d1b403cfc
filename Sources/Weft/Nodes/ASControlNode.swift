import Foundation
import Synchronization

/// A node with a control's state; Texture's `ASControlNode`.
///
/// Holds `isEnabled` (true by default), `isSelected` and `isHighlighted` (false), which a
/// subclass such as `ASButtonNode` reads to choose what to show: override a flag (calling super)
/// to react to changes, as Texture's subclasses override the setters.
///
/// Left out, because an offscreen renderer has no touches: touch tracking (`isTracking`,
/// `isTouchInside`) and Texture's target–action API (`addTarget(_:action:forControlEvents:)`,
/// `ASControlNodeEvent`), which dispatches Objective-C selectors that Swift on Linux does not
/// have. Texture offers no closure-based equivalent, so neither does Weft.
/// Thread-safe, like every node.
open class ASControlNode: ASDisplayNode {
    // SAFETY: the control's own state is in `controlState`, behind its mutex.
    private struct ControlState {
        var isEnabled = true
        var isSelected = false
        var isHighlighted = false
    }

    private let controlState = Mutex(ControlState())

    public override init() {
        super.init()
    }

    /// Whether the control is enabled; Texture's `enabled`, true by default.
    open var isEnabled: Bool {
        get { self[flag: \.isEnabled] }
        set { self[flag: \.isEnabled] = newValue }
    }

    /// Whether the control is selected; Texture's `selected`, false by default.
    open var isSelected: Bool {
        get { self[flag: \.isSelected] }
        set { self[flag: \.isSelected] = newValue }
    }

    /// Whether the control is highlighted; Texture's `highlighted`, false by default.
    open var isHighlighted: Bool {
        get { self[flag: \.isHighlighted] }
        set { self[flag: \.isHighlighted] = newValue }
    }

    private subscript(flag keyPath: WritableKeyPath<ControlState, Bool>) -> Bool {
        get { controlState.withLock { $0[keyPath: keyPath] } }
        set { controlState.withLock { $0[keyPath: keyPath] = newValue } }
    }

    /// The flags as one `UIControl.State`, read under one lock: `.normal` when none is set.
    var controlStateFlags: UIControl.State {
        controlState.withLock { UIControl.State(enabled: $0.isEnabled, selected: $0.isSelected, highlighted: $0.isHighlighted) }
    }
}
