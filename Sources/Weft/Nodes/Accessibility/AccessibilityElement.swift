import Foundation

/// One thing VoiceOver stops on, as found in a node tree: what it reads and where it is; the
/// offscreen form of UIKit's `UIAccessibilityElement` (Texture's `ASAccessibilityElement`).
///
/// Made by `AccessibilityHierarchy`; a copy of the node's values at that moment, so it can be
/// compared, printed and sent anywhere. Sendable value; use from any context.
public struct AccessibilityElement: Hashable, Sendable {
    /// What VoiceOver reads first; for a Texture accessibility container, its subtree's labels
    /// joined with ", ".
    public var label: String?
    public var value: String?
    public var hint: String?
    public var traits: UIAccessibilityTraits
    /// Where the element is, in the root node's coordinates (the points of its rendered image).
    public var frame: CGRect
    /// Where VoiceOver activates it, in the root node's coordinates.
    public var activationPoint: CGPoint
    public var identifier: String?
    public var language: String?
    /// The names of the custom actions VoiceOver offers ("Actions available"): a Texture
    /// container's interactive subnodes' labels, in reading order.
    public var customActions: [String]
    /// The node's class name, "ASButtonNode".
    public var nodeClass: String
    /// The node's `debugName`, if any.
    public var debugName: String?

    public init(label: String?, value: String? = nil, hint: String? = nil, traits: UIAccessibilityTraits = .none,
                frame: CGRect, activationPoint: CGPoint? = nil, identifier: String? = nil, language: String? = nil,
                customActions: [String] = [], nodeClass: String, debugName: String? = nil) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.frame = frame
        self.activationPoint = activationPoint ?? CGPoint(x: frame.midX, y: frame.midY)
        self.identifier = identifier
        self.language = language
        self.customActions = customActions
        self.nodeClass = nodeClass
        self.debugName = debugName
    }

    /// The element as VoiceOver speaks it, in the form Cash App's AccessibilitySnapshot prints:
    /// "Selected." when selected, the label (": value" after it when there is one), the announced
    /// traits, then the hint, each as a sentence: "Sign in. Button. Double-tap to sign in.".
    public var voiceOverDescription: String {
        var sentences: [String] = []
        if traits.contains(.selected) { sentences.append("Selected") }
        let label = self.label ?? ""
        let value = self.value ?? ""
        switch (label.isEmpty, value.isEmpty) {
        case (false, false): sentences.append("\(label): \(value)")
        case (false, true): sentences.append(label)
        case (true, false): sentences.append(value)
        case (true, true): break
        }
        sentences += traits.spokenNames
        if let hint, !hint.isEmpty { sentences.append(hint) }
        if !customActions.isEmpty { sentences.append("Actions available: " + customActions.joined(separator: ", ")) }
        return sentences.map { $0.last.map { ".!?…".contains($0) } == true ? $0 : $0 + "." }.joined(separator: " ")
    }

    /// Names the node for messages: `ASButtonNode "signIn"` (its debug name, else its label).
    public var nodeName: String {
        if let debugName { return "\(nodeClass) \"\(debugName)\"" }
        if let label, !label.isEmpty { return "\(nodeClass) \"\(label)\"" }
        return nodeClass
    }
}
