import Foundation

/// Texture's `UITextInputTraits` properties of `ASEditableTextNode`, with UIKit's defaults. They
/// set up a keyboard, which Weft does not have: each is kept (shared with the node's `textView`,
/// before and after the node loads, as Texture forwards them) and read back, and changes nothing
/// drawn. Thread-safe: they live in the node's `TextViewStorage`.
extension ASEditableTextNode {
    /// `.sentences` by default.
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { storage[trait: \.autocapitalizationType] }
        set { storage[trait: \.autocapitalizationType] = newValue }
    }
    /// `.default` by default.
    public var autocorrectionType: UITextAutocorrectionType {
        get { storage[trait: \.autocorrectionType] }
        set { storage[trait: \.autocorrectionType] = newValue }
    }
    /// `.default` by default.
    public var spellCheckingType: UITextSpellCheckingType {
        get { storage[trait: \.spellCheckingType] }
        set { storage[trait: \.spellCheckingType] = newValue }
    }
    /// `.default` by default.
    public var keyboardType: UIKeyboardType {
        get { storage[trait: \.keyboardType] }
        set { storage[trait: \.keyboardType] = newValue }
    }
    /// `.default` by default.
    public var keyboardAppearance: UIKeyboardAppearance {
        get { storage[trait: \.keyboardAppearance] }
        set { storage[trait: \.keyboardAppearance] = newValue }
    }
    /// `.default` by default.
    public var returnKeyType: UIReturnKeyType {
        get { storage[trait: \.returnKeyType] }
        set { storage[trait: \.returnKeyType] = newValue }
    }
    /// False by default.
    public var enablesReturnKeyAutomatically: Bool {
        get { storage[trait: \.enablesReturnKeyAutomatically] }
        set { storage[trait: \.enablesReturnKeyAutomatically] = newValue }
    }
    /// False by default. (UIKit's text views do not mask their text for it either.)
    public var isSecureTextEntry: Bool {
        get { storage[trait: \.isSecureTextEntry] }
        set { storage[trait: \.isSecureTextEntry] = newValue }
    }
}
