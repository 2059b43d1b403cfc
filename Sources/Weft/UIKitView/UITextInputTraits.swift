import Foundation

// UIKit's `UITextInputTraits` value types: how the keyboard of a text view is set up. Weft has no
// keyboard, so these are values that a text view (`UITextView`) and an editable text node
// (`ASEditableTextNode`) keep and hand back, as Texture code sets and reads them; nothing draws
// differently for them. UIKit's protocol itself is not declared: its requirements are optional
// Objective-C properties, and the node keeps its traits off the main actor.

/// UIKit's `UITextAutocapitalizationType`. Sendable value; use from any context.
public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

/// UIKit's `UITextAutocorrectionType`. Sendable value; use from any context.
public enum UITextAutocorrectionType: Int, Sendable {
    case `default`, no, yes
}

/// UIKit's `UITextSpellCheckingType`. Sendable value; use from any context.
public enum UITextSpellCheckingType: Int, Sendable {
    case `default`, no, yes
}

/// UIKit's `UIKeyboardType`. Sendable value; use from any context.
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// UIKit's `UIKeyboardAppearance`. Sendable value; use from any context.
public enum UIKeyboardAppearance: Int, Sendable {
    case `default`, dark, light
}

/// UIKit's `UIReturnKeyType`. Sendable value; use from any context.
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// The eight `UITextInputTraits` properties Texture's editable text node forwards to its text
/// view, with UIKit's defaults. Sendable value; use from any context.
struct TextInputTraits: Sendable, Equatable {
    var autocapitalizationType = UITextAutocapitalizationType.sentences
    var autocorrectionType = UITextAutocorrectionType.default
    var spellCheckingType = UITextSpellCheckingType.default
    var keyboardType = UIKeyboardType.default
    var keyboardAppearance = UIKeyboardAppearance.default
    var returnKeyType = UIReturnKeyType.default
    var enablesReturnKeyAutomatically = false
    var isSecureTextEntry = false
}
