import Foundation
import Weft

/// One problem `AccessibilityAudit` found: which node, where, what was measured and the
/// threshold it missed.
///
/// Sendable value; use from any context.
public struct AccessibilityAuditIssue: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Text whose contrast with what is behind it is below WCAG 2.x's minimum (1.4.3):
        /// `required` is 4.5 for normal text, 3 for large text (18 pt, or 14 pt bold).
        case insufficientContrast(ratio: ContrastRatio, required: ContrastRatio, isLargeText: Bool,
                                  foreground: ContrastRatio.RGB, background: ContrastRatio.RGB)
        /// A button, control, link or adjustable element smaller than `minimum` (Apple's Human
        /// Interface Guidelines: 44 × 44 pt) in width or height.
        case smallHitTarget(size: CGSize, minimum: CGSize)
        /// An element VoiceOver reads with no label: an image or a button that says only "Image"
        /// or "Button".
        case missingLabel(traits: UIAccessibilityTraits)
    }

    public var kind: Kind
    /// The node: class, then its debug name or label, `ASButtonNode "Sign in"`.
    public var node: String
    /// The node's frame in the audited root's coordinates.
    public var frame: CGRect

    public init(kind: Kind, node: String, frame: CGRect) {
        self.kind = kind
        self.node = node
        self.frame = frame
    }

    /// One line naming the node, its frame, the value measured and the threshold.
    public var description: String {
        let place = "\(node) at \(PointFormat.rect(frame))"
        switch kind {
        case let .insufficientContrast(ratio, required, isLargeText, foreground, background):
            let size = isLargeText ? "large text" : "normal text"
            return "\(place): text contrast \(ratio) (\(foreground) on \(background)) is below \(required) for \(size) (WCAG 2.x 1.4.3)"
        case let .smallHitTarget(size, minimum):
            return "\(place): hit target \(PointFormat.number(size.width))×\(PointFormat.number(size.height)) pt is smaller than \(PointFormat.number(minimum.width))×\(PointFormat.number(minimum.height)) pt"
        case let .missingLabel(traits):
            return "\(place): element with traits \(traits) has no accessibility label"
        }
    }
}

/// What `AccessibilityAudit.expectNoIssues(in:rules:)` throws: every issue found, one a line.
///
/// Sendable value; use from any context.
public struct AccessibilityAuditFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let issues: [AccessibilityAuditIssue]

    public var description: String {
        "\(issues.count) accessibility issue\(issues.count == 1 ? "" : "s"):\n" + issues.map { "- \($0)" }.joined(separator: "\n")
    }
}
