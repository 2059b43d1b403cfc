import Foundation

/// One OpenType feature switched on or off, as pango applies it (`PangoAttrFontFeatures`), made
/// from a `UIFontDescriptor` feature setting: UIKit takes Apple's AAT feature type and selector
/// numbers (`kNumberSpacingType`, `kMonospacedNumbersSelector`), which Core Text maps to OpenType
/// features the same way for OpenType fonts.
/// Sendable value; use from any context.
struct FontFeature: Sendable, Hashable {
    /// The four-letter OpenType tag, "tnum".
    let tag: String
    let value: Int
    /// The setting it came from, given back by `UIFont.fontDescriptor`.
    let setting: [UIFontDescriptor.FeatureKey: Int]

    /// The features for `settings`; a pair with no OpenType counterpart here is ignored and
    /// reported naming `subject`.
    static func features(from settings: [[UIFontDescriptor.FeatureKey: Int]], subject: String) -> [FontFeature] {
        settings.compactMap { setting in
            guard let type = setting[.type], let selector = setting[.selector] else {
                WeftDiagnostics.report(.text, subject, "feature setting \(setting) lacks a type or selector; ignored")
                return nil
            }
            guard let (tag, value) = openType(type: type, selector: selector) else {
                WeftDiagnostics.report(.text, subject, "feature type \(type) selector \(selector) has no OpenType feature here; ignored")
                return nil
            }
            return FontFeature(tag: tag, value: value, setting: setting)
        }
    }

    /// pango's string for `features`: "tnum=1,smcp=1".
    static func pangoString(_ features: [FontFeature]) -> String {
        features.map { "\($0.tag)=\($0.value)" }.joined(separator: ",")
    }

    /// Apple's table of AAT features and their OpenType equivalents ("Font Feature Registry"),
    /// for the features apps ask for.
    private static func openType(type: Int, selector: Int) -> (String, Int)? {
        switch (type, selector) {
        case (kLigaturesType, 0): ("rlig", 1)
        case (kLigaturesType, 1): ("rlig", 0)
        case (kLigaturesType, 2): ("liga", 1)
        case (kLigaturesType, 3): ("liga", 0)
        case (kLigaturesType, 4): ("dlig", 1)
        case (kLigaturesType, 5): ("dlig", 0)
        case (kLetterCaseType, kSmallCapsSelector): ("smcp", 1)
        case (kVerticalPositionType, 0): ("sups", 0)
        case (kVerticalPositionType, 1): ("sups", 1)
        case (kVerticalPositionType, 2): ("subs", 1)
        case (kVerticalPositionType, 3): ("ordn", 1)
        case (kVerticalPositionType, 4): ("sinf", 1)
        case (kFractionsType, 0): ("frac", 0)
        case (kFractionsType, 1): ("afrc", 1)
        case (kFractionsType, 2): ("frac", 1)
        case (kNumberSpacingType, kMonospacedNumbersSelector): ("tnum", 1)
        case (kNumberSpacingType, kProportionalNumbersSelector): ("pnum", 1)
        case (kNumberCaseType, kLowerCaseNumbersSelector): ("onum", 1)
        case (kNumberCaseType, kUpperCaseNumbersSelector): ("lnum", 1)
        case (kCaseSensitiveLayoutType, 0): ("case", 1)
        case (kCaseSensitiveLayoutType, 1): ("case", 0)
        case (kStylisticAlternativesType, 2...41):
            (String(format: "ss%02d", selector / 2), selector % 2 == 0 ? 1 : 0)
        case (kContextualAlternatesType, 0): ("calt", 1)
        case (kContextualAlternatesType, 1): ("calt", 0)
        case (kLowerCaseType, kLowerCaseSmallCapsSelector): ("smcp", 1)
        case (kLowerCaseType, kLowerCasePetiteCapsSelector): ("pcap", 1)
        case (kUpperCaseType, kUpperCaseSmallCapsSelector): ("c2sc", 1)
        case (kUpperCaseType, kUpperCasePetiteCapsSelector): ("c2pc", 1)
        default: nil
        }
    }
}

// Core Text's feature types and selectors (SFNTLayoutTypes.h), with Apple's values, for
// `UIFontDescriptor.FeatureKey` settings. On iOS they come from `import CoreText`.
public let kLigaturesType = 1
public let kLetterCaseType = 3
public let kSmallCapsSelector = 3
public let kNumberSpacingType = 6
public let kMonospacedNumbersSelector = 0
public let kProportionalNumbersSelector = 1
public let kVerticalPositionType = 10
public let kFractionsType = 11
public let kNumberCaseType = 21
public let kLowerCaseNumbersSelector = 0
public let kUpperCaseNumbersSelector = 1
public let kCaseSensitiveLayoutType = 33
public let kStylisticAlternativesType = 35
public let kContextualAlternatesType = 36
public let kLowerCaseType = 37
public let kLowerCaseSmallCapsSelector = 1
public let kLowerCasePetiteCapsSelector = 2
public let kUpperCaseType = 38
public let kUpperCaseSmallCapsSelector = 1
public let kUpperCasePetiteCapsSelector = 2
