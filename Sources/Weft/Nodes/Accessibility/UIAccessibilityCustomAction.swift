import Foundation

/// An action VoiceOver offers on an element besides activating it ("Delete", "Reply"); UIKit's
/// `UIAccessibilityCustomAction`. Weft reads the actions' names into the element they are set on
/// (`AccessibilityElement.customActions`, "Actions available: …"); nothing performs them, as there
/// are no users offscreen. UIKit's `init(name:target:selector:)` takes an Objective-C selector,
/// which Swift on Linux does not have: use `init(name:actionHandler:)`.
/// Not Sendable, as UIKit's is not: make and read it on one thread at a time.
open class UIAccessibilityCustomAction {
    /// UIKit's `name`: what VoiceOver reads for the action.
    open var name: String
    /// UIKit's `actionHandler`: what performing the action would do, returning whether it succeeded.
    open var actionHandler: ((UIAccessibilityCustomAction) -> Bool)?

    /// UIKit's `init(name:actionHandler:)`.
    public init(name: String, actionHandler: ((UIAccessibilityCustomAction) -> Bool)?) {
        self.name = name
        self.actionHandler = actionHandler
    }
}

/// How Switch Control moves through a container's elements; UIKit's `UIAccessibilityNavigationStyle`,
/// with its raw values. Sendable value; use from any context.
public enum UIAccessibilityNavigationStyle: Int, Sendable {
    /// The system decides (`.separate` for most containers).
    case automatic = 0
    /// Each element is its own stop.
    case separate = 1
    /// The container's elements are one stop.
    case combined = 2
}
