import Foundation
import Weft

extension AccessibilityAudit.Rules {
    /// The highest contrast two colours can have (black on white); a higher minimum no text can meet.
    static let highestContrast = 21.0

    /// The rules with every threshold a check can use: a NaN, infinite or negative threshold
    /// (which would switch its check off, as no comparison with NaN is true) or a contrast
    /// below 1:1 is replaced by the default, a contrast above 21:1 by 21:1, each reported
    /// naming the rule and the value given.
    func repaired() -> AccessibilityAudit.Rules {
        let defaults = AccessibilityAudit.Rules()
        var rules = self
        rules.minimumTextContrast = Self.contrast(minimumTextContrast, "minimumTextContrast", default: defaults.minimumTextContrast)
        rules.minimumLargeTextContrast = Self.contrast(minimumLargeTextContrast, "minimumLargeTextContrast",
                                                       default: defaults.minimumLargeTextContrast)
        let target = minimumHitTarget
        let width = Self.length(target.width, "minimumHitTarget.width", default: defaults.minimumHitTarget.width)
        let height = Self.length(target.height, "minimumHitTarget.height", default: defaults.minimumHitTarget.height)
        rules.minimumHitTarget = CGSize(width: width, height: height)
        return rules
    }

    private static func contrast(_ given: ContrastRatio, _ name: String, default fallback: ContrastRatio) -> ContrastRatio {
        let value = given.value
        if value.isFinite, value >= 1, value <= highestContrast { return given }
        let used = value.isFinite && value > highestContrast ? ContrastRatio(highestContrast) : fallback
        let why = value.isFinite && value > highestContrast ? "above 21:1, the highest contrast there is" : "not a contrast ratio (a finite number from 1 to 21)"
        report("\(name) is \(value), \(why); \(used.value):1 was used")
        return used
    }

    private static func length(_ value: CGFloat, _ name: String, default fallback: CGFloat) -> CGFloat {
        if value.isFinite, value >= 0 { return value }
        report("\(name) is \(value), not a finite length of 0 or more; \(fallback) pt was used")
        return fallback
    }

    private static func report(_ message: String) {
        WeftDiagnostics.report(WeftDiagnostic(area: .accessibility, subject: "AccessibilityAudit.Rules", message: message))
    }
}
