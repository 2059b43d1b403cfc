import Foundation

/// A repair Weft made to something the caller gave it, reported instead of a silent fix: a NaN
/// corner radius drawn as 0, an unparsable `ASDimensionMake` string read as `auto`, a font size
/// clamped to `WeftLimits.maximumFontSize`. Errors that stop a render are thrown instead; these are
/// the cases where Texture's or UIKit's spelling does not throw and the picture goes on.
///
/// Each message names what was wrong and shows the value given. Sendable value; use from any context.
public struct WeftDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The pipeline stage that made the repair.
    public enum Area: String, Sendable, Hashable {
        case geometry, appearance, layout, display, image, text, collection, output, view
        /// A wait that reached its limit (`WeftLimits.blockingWait`) or would have waited for itself.
        case threading
        /// What VoiceOver is told and how it is found (accessibility values, walks, audits, snapshots).
        case accessibility
        /// Golden and snapshot testing: names that become file names, matrices.
        case testing
        /// Texture's `ASConfiguration`: experimental features Weft does not apply, unknown names.
        case configuration
    }

    public let area: Area
    /// What was at fault: a node's description, a property, a function.
    public let subject: String
    /// What was wrong, with the value given, and what was done instead.
    public let message: String

    public init(area: Area, subject: String, message: String) {
        self.area = area
        self.subject = subject
        self.message = message
    }

    public var description: String { "weft: \(area.rawValue): \(subject): \(message)" }
}
