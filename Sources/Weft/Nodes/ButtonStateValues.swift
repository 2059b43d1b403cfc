import Foundation

/// One kind of button content (titles, images or background images) per control state, kept
/// and chosen the way Texture's `ASButtonNode` does.
///
/// Texture keeps five slots: normal, highlighted, selected, selected + highlighted and disabled.
/// Setting any other state is ignored (Weft reports it, area `.view`); reading one gives the
/// normal value. Sendable value; use from any context.
struct ButtonStateValues<Value: Sendable>: Sendable {
    private var values: [UInt: Value] = [:]

    private static var slots: [UIControl.State] {
        [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]
    }

    /// The value set for `state`; Texture's `…ForState:` getters.
    func value(for state: UIControl.State) -> Value? {
        Self.slots.contains(state) ? values[state.rawValue] : values[UIControl.State.normal.rawValue]
    }

    /// Sets the value for `state`; false (nothing stored) for a state Texture has no slot for.
    mutating func set(_ value: Value?, for state: UIControl.State) -> Bool {
        guard Self.slots.contains(state) else { return false }
        values[state.rawValue] = value
        return true
    }

    /// The value to show for a control's flags, in Texture's order: disabled, then selected +
    /// highlighted, highlighted, selected (each only when set), else normal. This is UIKit's
    /// fallback to `.normal` for a state without a value of its own.
    func resolved(for flags: UIControl.State) -> Value? {
        if flags.contains(.disabled), let value = values[UIControl.State.disabled.rawValue] { return value }
        let candidates: [UIControl.State] = [[.selected, .highlighted], .highlighted, .selected]
        for candidate in candidates where flags.isSuperset(of: candidate) {
            if let value = values[candidate.rawValue] { return value }
        }
        return values[UIControl.State.normal.rawValue]
    }
}
