import Foundation
import Weft

/// Checks a node tree for common accessibility problems: low text contrast, small hit targets and
/// elements without a label; the offscreen counterpart of Xcode's Accessibility Inspector audit
/// (`XCUIApplication.performAccessibilityAudit`).
///
/// - Contrast: every visible `ASTextNode` run's foreground colour (black when unset, as drawn),
///   under the text node's alpha, against the nearest background behind the text: the run's own
///   `.backgroundColor`, over what the nodes painted before it show under the text (its own,
///   its ancestors', earlier siblings'): a backing store (an image) that covers the text
///   opaquely, sampled, the lowest ratio of its pixels counting (only once the tree has been
///   rendered, since the audit draws nothing), else the background colours whose frame covers
///   the text, translucent ones composited, over white (the image's empty pixels). Colours
///   resolve with the text node's traits, so dynamic colours are audited in the appearance the
///   tree has. WCAG 2.x 1.4.3: 4.5:1, or 3:1 for text of 18 pt and more, or 14 pt bold.
///   One issue per text node, for its worst run.
/// - Hit targets: every visible control node (`ASControlNode`, so buttons) and every element with
///   a button, link or adjustable trait, whose frame is smaller than 44 × 44 pt either way.
/// - Labels: every element in `AccessibilityHierarchy` whose label is empty.
///
/// The nodes walked are `drawnNodesInPaintOrder()`'s, so a collection's or table's visible cells
/// are audited where they are drawn. Lays the tree out first. Reads nodes under their own locks;
/// use from any thread.
public enum AccessibilityAudit {
    /// The thresholds; `Rules()` is WCAG 2.x AA and Apple's 44 pt. A contrast must be a finite
    /// ratio from 1 to 21 and a hit target a finite size of 0 or more; the audit replaces any
    /// other value (by the default, or 21 for a higher contrast) and reports it, since a NaN
    /// threshold would otherwise pass everything without a word.
    public struct Rules: Hashable, Sendable {
        public var minimumTextContrast = ContrastRatio(4.5)
        public var minimumLargeTextContrast = ContrastRatio(3)
        public var minimumHitTarget = CGSize(width: 44, height: 44)
        /// Whether elements without a label are reported.
        public var requiresLabels = true

        public init() {}
    }

    /// Every issue in `node`'s tree, in paint order for contrast and hit targets, then reading
    /// order for labels. A threshold that would switch its check off (NaN, infinite, negative) is
    /// replaced by its default and reported; see `Rules`.
    public static func run(on node: ASDisplayNode, rules: Rules = Rules()) -> [AccessibilityAuditIssue] {
        let rules = rules.repaired()
        let elements = node.accessibilityElementsInReadingOrder()  // lays the tree out
        let painted = node.drawnNodesInPaintOrder()
        let backdrops = AuditBackdrops(painted)
        var issues: [AccessibilityAuditIssue] = []
        for (index, entry) in painted.enumerated() {
            if let text = entry.node as? ASTextNode, let issue = contrastIssue(text, at: index, backdrops, rules) {
                issues.append(issue)
            }
            if entry.node is ASControlNode || (entry.node.isAccessibilityElement && !entry.node.accessibilityTraits.isDisjoint(with: [.button, .link, .adjustable])),
               let issue = hitTargetIssue(entry, rules) {
                issues.append(issue)
            }
        }
        if rules.requiresLabels {
            for element in elements where (element.label ?? "").isEmpty {
                issues.append(AccessibilityAuditIssue(kind: .missingLabel(traits: element.traits), node: element.nodeName, frame: element.frame))
            }
        }
        return issues
    }

    /// Throws `AccessibilityAuditFailure`, listing every issue, when `run(on:rules:)` finds any:
    /// `try AccessibilityAudit.expectNoIssues(in: screen)` in a test.
    public static func expectNoIssues(in node: ASDisplayNode, rules: Rules = Rules()) throws(AccessibilityAuditFailure) {
        let issues = run(on: node, rules: rules)
        if !issues.isEmpty { throw AccessibilityAuditFailure(issues: issues) }
    }

    private static func hitTargetIssue(_ entry: DrawnNode, _ rules: Rules) -> AccessibilityAuditIssue? {
        let size = entry.frame.size
        guard size.width < rules.minimumHitTarget.width || size.height < rules.minimumHitTarget.height else { return nil }
        return AccessibilityAuditIssue(kind: .smallHitTarget(size: size, minimum: rules.minimumHitTarget),
                                       node: name(entry.node), frame: entry.frame)
    }

    /// The text node is painted at `index`; what is painted before it is under it.
    private static func contrastIssue(_ text: ASTextNode, at index: Int, _ backdrops: AuditBackdrops, _ rules: Rules) -> AccessibilityAuditIssue? {
        guard let string = text.attributedText, string.length > 0 else { return nil }
        let entry = backdrops.painted[index]
        let traits = ASPrimitiveTraitCollectionToUITraitCollection(text.primitiveTraitCollection())
        let behind = backgrounds(behind: entry.frame, at: index, backdrops, traits: traits)
        var worst: (shortfall: Double, issue: AccessibilityAuditIssue)?
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
            let runText = (string.string as NSString).substring(with: range)
            guard !runText.allSatisfy(\.isWhitespace) else { return }
            var foreground = ContrastRatio.RGB((attributes[.foregroundColor] as? UIColor) ?? .black, traits: traits)
            foreground.alpha *= entry.alpha
            let runColor = (attributes[.backgroundColor] as? UIColor).map { ContrastRatio.RGB($0, traits: traits) }
            // Against each background found (one colour, or an image's sampled pixels), the lowest ratio.
            let measured = behind.map { background -> (ContrastRatio, ContrastRatio.RGB) in
                let runBackground = runColor.map { $0.composite(over: background) } ?? background
                return (ContrastRatio(between: foreground.composite(over: runBackground), and: runBackground), runBackground)
            }
            guard let (ratio, runBackground) = measured.min(by: { $0.0 < $1.0 }) else { return }
            let font = (attributes[.font] as? UIFont) ?? UIFont.systemFont(ofSize: 12)
            let isLarge = font.pointSize >= 18 || (font.pointSize >= 14 && font.weight >= .bold)
            let required = isLarge ? rules.minimumLargeTextContrast : rules.minimumTextContrast
            guard ratio < required else { return }
            let shortfall = required.value / ratio.value
            if worst.map({ shortfall > $0.shortfall }) ?? true {
                let kind = AccessibilityAuditIssue.Kind.insufficientContrast(ratio: ratio, required: required, isLargeText: isLarge,
                                                                              foreground: foreground, background: runBackground)
                worst = (shortfall, AccessibilityAuditIssue(kind: kind, node: name(text), frame: entry.frame))
            }
        }
        return worst?.issue
    }

    /// The opaque colours that can be behind `frame`, nearest layer first: for each node painted
    /// up to the text (at `index`) whose frame covers the text, from the nearest, its backing
    /// store's pixels over the frame when it has one that covers it opaquely (sampled: several
    /// colours; not the text's own), then its background colour; translucent colours are
    /// composited over what is further down, until something opaque, else white.
    private static func backgrounds(behind frame: CGRect, at index: Int, _ backdrops: AuditBackdrops, traits: UITraitCollection) -> [ContrastRatio.RGB] {
        var layers: [ContrastRatio.RGB] = []
        func over(_ base: ContrastRatio.RGB) -> ContrastRatio.RGB { layers.reversed().reduce(base) { $1.composite(over: $0) } }
        for covering in backdrops.covering(frame, upTo: index) {
            let entry = backdrops.painted[covering]
            if covering != index, entry.alpha >= 1, let samples = opaqueSamples(of: entry, over: frame) {
                return samples.map(over)
            }
            guard let color = backdrops.background(at: covering) else { continue }
            var rgb = ContrastRatio.RGB(color, traits: traits)
            rgb.alpha *= entry.alpha
            guard rgb.alpha > 0 else { continue }
            layers.append(rgb)
            if rgb.alpha >= 1 { return [over(rgb)] }
        }
        return [over(.white)]
    }

    /// Up to 8 × 8 evenly spread pixels of the node's backing store (`contents`, present once
    /// the tree has been rendered) under `frame`, when the store covers all of `frame` and every
    /// sampled pixel is opaque; nil otherwise.
    private static func opaqueSamples(of entry: DrawnNode, over frame: CGRect) -> Set<ContrastRatio.RGB>? {
        guard let contents = entry.node.contents, entry.frame.contains(frame), contents.pixelWidth > 0, contents.pixelHeight > 0 else { return nil }
        let local = frame.offsetBy(dx: -entry.frame.minX, dy: -entry.frame.minY)
        var samples = Set<ContrastRatio.RGB>()
        for row in 0..<8 {
            for column in 0..<8 {
                // Clamped to the store before Int(), which would trap on a huge or non-finite frame.
                func index(_ value: CGFloat, _ count: Int) -> Int { value.isNaN ? 0 : Int(min(max(value.rounded(.down), 0), CGFloat(count - 1))) }
                let x = index((local.minX + local.width * (CGFloat(column) + 0.5) / 8) * contents.scale, contents.pixelWidth)
                let y = index((local.minY + local.height * (CGFloat(row) + 0.5) / 8) * contents.scale, contents.pixelHeight)
                guard let pixel = contents.pixel(x: x, y: y),
                      pixel >> 24 == 0xFF else { return nil }
                samples.insert(ContrastRatio.RGB(red: Double(pixel >> 16 & 0xFF) / 255, green: Double(pixel >> 8 & 0xFF) / 255,
                                                 blue: Double(pixel & 0xFF) / 255))
            }
        }
        return samples
    }

    /// `ASTextNode "Forgot password?"`: the class, then the debug name, else the label.
    static func name(_ node: ASDisplayNode) -> String {
        let type = String(describing: Swift.type(of: node))
        if let debugName = node.debugName { return "\(type) \"\(debugName)\"" }
        if let label = node.accessibilityLabel, !label.isEmpty { return "\(type) \"\(label)\"" }
        return type
    }
}
