import Foundation

/// Why a string is not an `ASDimension` (see `ASDimension(parsing:)`). Each case carries the string
/// given. Sendable value; use from any context.
public enum ASDimensionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string is empty (or only spaces).
    case empty(String)
    /// The string ends in neither `pt` nor `%` and is not `auto`: `"12xy"`.
    case unknownUnit(String)
    /// The part before the unit is not a finite number: `"abc%"`, `"nanpt"`.
    case invalidNumber(String)
    /// Negative points, or a fraction outside 0% to 100%: `"-5pt"`, `"150%"`.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .empty(let s): return "\"\(s)\" is empty, not a dimension (expected \"auto\", \"<points>pt\" or \"<percent>%\")"
        case .unknownUnit(let s): return "\"\(s)\" has no unit (expected \"auto\", \"<points>pt\" or \"<percent>%\")"
        case .invalidNumber(let s): return "\"\(s)\" does not start with a finite number"
        case .outOfRange(let s): return "\"\(s)\" is out of range (points must be at least 0, fractions 0% to 100%)"
        }
    }
}
