import Foundation

/// UIKit's `UIControl`, for its `State` and the three state flags Texture code reads.
///
/// Offscreen there are no touches, so there is no tracking and no target–action dispatch; the
/// flags are plain stored values. Nodes use `ASControlNode`, which mirrors these flags.
/// Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// UIKit's `UIControl.State`, with UIKit's raw values. Sendable value; use from any context.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        /// Bits an application may use for its own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for UIKit's internal use.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// UIKit's `isEnabled`; true by default.
    open var isEnabled = true
    /// UIKit's `isSelected`; false by default.
    open var isSelected = false
    /// UIKit's `isHighlighted`; false by default.
    open var isHighlighted = false

    /// UIKit's `state`: the flags above as a `State` (`.normal` when none is set).
    open var state: State { State(enabled: isEnabled, selected: isSelected, highlighted: isHighlighted) }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

extension UIControl.State {
    /// The state of a control with these flags, as UIKit's `state` derives it.
    init(enabled: Bool, selected: Bool, highlighted: Bool) {
        var state = UIControl.State.normal
        if !enabled { state.insert(.disabled) }
        if selected { state.insert(.selected) }
        if highlighted { state.insert(.highlighted) }
        self = state
    }
}
