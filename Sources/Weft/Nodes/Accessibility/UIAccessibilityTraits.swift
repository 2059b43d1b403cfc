import Foundation

/// What kind of element VoiceOver is on, and how it behaves; UIKit's `UIAccessibilityTraits`,
/// with UIKit's names and raw values (so traits stored or compared as numbers port unchanged).
///
/// Sendable value; use from any context.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)

    /// The traits a user acts on (Texture's `ASInteractiveAccessibilityTraitsMask`: button, link,
    /// keyboard key): inside an accessibility container they become custom actions, not label text.
    static let interactive: UIAccessibilityTraits = [.link, .keyboardKey, .button]

    /// Each trait set, by UIKit's constant name without the prefix ("button", "header"), lowest bit first.
    public var names: [String] {
        Self.named.filter { contains($0.trait) }.map(\.name)
    }

    /// What VoiceOver says for the traits, in the order it says them ("Button", "Heading",
    /// "Dimmed"), as Cash App's AccessibilitySnapshot spells them. Traits VoiceOver does not
    /// announce (static text, summary element, plays sound...) are left out; `selected` is said
    /// before the label, so it is not here either (see `AccessibilityElement.voiceOverDescription`).
    public var spokenNames: [String] {
        Self.spoken.filter { contains($0.trait) }.map(\.name)
    }

    private static let named: [(trait: UIAccessibilityTraits, name: String)] = [
        (.button, "button"), (.link, "link"), (.image, "image"), (.selected, "selected"),
        (.playsSound, "playsSound"), (.keyboardKey, "keyboardKey"), (.staticText, "staticText"),
        (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
        (.updatesFrequently, "updatesFrequently"), (.searchField, "searchField"),
        (.startsMediaSession, "startsMediaSession"), (.adjustable, "adjustable"),
        (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"),
        (.tabBar, "tabBar"), (.header, "header"),
    ]

    private static let spoken: [(trait: UIAccessibilityTraits, name: String)] = [
        (.notEnabled, "Dimmed"), (.button, "Button"), (.link, "Link"), (.adjustable, "Adjustable"),
        (.searchField, "Search Field"), (.image, "Image"), (.header, "Heading"), (.tabBar, "Tab"),
        (.keyboardKey, "Keyboard Key"),
    ]
}

extension UIAccessibilityTraits: CustomStringConvertible {
    /// The names joined, "[button, notEnabled]", or "none".
    public var description: String {
        isEmpty ? "none" : "[" + names.joined(separator: ", ") + "]"
    }
}
