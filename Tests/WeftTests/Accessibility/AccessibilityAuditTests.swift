import Foundation
import Testing
import Weft
import WeftTesting

/// `AccessibilityAudit`: WCAG 2.x contrast with exact ratios, 44 pt hit targets, missing labels.
@Suite struct AccessibilityAuditTests {
    static func text(_ string: String, color: UIColor, size: CGFloat = 14, weight: UIFont.Weight = .regular,
                     at origin: CGPoint = CGPoint(x: 10, y: 10)) -> ASTextNode {
        let node = TestSupport.textNode(TestSupport.attributed(string, size: size, weight: weight, color: color), width: 200)
        node.frame.origin = origin
        return node
    }

    static func contrastIssues(_ root: ASDisplayNode) -> [AccessibilityAuditIssue] {
        AccessibilityAudit.run(on: root).filter {
            if case .insufficientContrast = $0.kind { return true } else { return false }
        }
    }

    @Test func contrastRatiosAreWCAGs() {
        let white = ContrastRatio.RGB.white
        func gray(_ byte: Double) -> ContrastRatio.RGB { ContrastRatio.RGB(red: byte / 255, green: byte / 255, blue: byte / 255) }
        #expect(ContrastRatio(between: gray(0x77), and: white).description == "4.48:1")
        #expect(ContrastRatio(between: gray(0x76), and: white).description == "4.54:1")
        #expect(ContrastRatio(between: gray(0), and: white).description == "21.00:1")
        #expect(ContrastRatio(between: white, and: white).value == 1)
        #expect(gray(0x77).description == "#777777")
    }

    @Test func greyTextBelowFourAndAHalfToOneIsReported() throws {
        let failing = Self.text("Forgot password?", color: UIColor(hex: 0x777777))
        failing.debugName = "forgot"
        let root = TestSupport.host(CGSize(width: 240, height: 60), failing)
        let issues = Self.contrastIssues(root)
        try #require(issues.count == 1)
        guard case let .insufficientContrast(ratio, required, isLargeText, foreground, background) = issues[0].kind else { return }
        #expect(!isLargeText)
        #expect(abs(ratio.value - 4.478) < 0.001)
        #expect(required.value == 4.5)
        #expect(foreground.description == "#777777" && background.description == "#FFFFFF")
        #expect(issues[0].node == "ASTextNode \"forgot\"")
        #expect(issues[0].description.hasPrefix("ASTextNode \"forgot\" at (10, 10, "))
        #expect(issues[0].description.hasSuffix("text contrast 4.48:1 (#777777 on #FFFFFF) is below 4.50:1 for normal text (WCAG 2.x 1.4.3)"))

        let passing = Self.text("Forgot password?", color: UIColor(hex: 0x767676))
        #expect(Self.contrastIssues(TestSupport.host(CGSize(width: 240, height: 60), passing)).isEmpty)
    }

    @Test func largeTextNeedsThreeToOne() {
        let color = UIColor(hex: 0x949494)  // 3.03:1 on white
        func issues(size: CGFloat, weight: UIFont.Weight) -> [AccessibilityAuditIssue] {
            Self.contrastIssues(TestSupport.host(CGSize(width: 240, height: 60), Self.text("Total", color: color, size: size, weight: weight)))
        }
        #expect(issues(size: 18, weight: .regular).isEmpty)
        #expect(issues(size: 14, weight: .bold).isEmpty)
        #expect(issues(size: 14, weight: .semibold).count == 1)
        #expect(issues(size: 17, weight: .regular).count == 1)
        let faint = Self.contrastIssues(TestSupport.host(CGSize(width: 240, height: 60), Self.text("Total", color: UIColor(hex: 0xAAAAAA), size: 20)))
        #expect(faint.first?.description.hasSuffix("text contrast 2.32:1 (#AAAAAA on #FFFFFF) is below 3.00:1 for large text (WCAG 2.x 1.4.3)") == true,
                "\(faint)")
    }

    @Test func theBackgroundIsWhatIsPaintedBehindTheText() {
        let label = Self.text("On a card", color: .white, at: CGPoint(x: 20, y: 20))
        let onWhite = TestSupport.host(CGSize(width: 240, height: 80), label)
        let issues = Self.contrastIssues(onWhite)
        #expect(issues.count == 1 && issues.first?.description.contains("1.00:1 (#FFFFFF on #FFFFFF)") == true)
        // A dark card painted before the text (a sibling, not an ancestor) is behind it.
        let card = TestSupport.box(CGRect(x: 0, y: 0, width: 240, height: 80), UIColor(hex: 0x202020))
        let onCard = TestSupport.host(CGSize(width: 240, height: 80), card, Self.text("On a card", color: .white, at: CGPoint(x: 20, y: 20)))
        #expect(Self.contrastIssues(onCard).isEmpty)
        // Half-transparent black over white is #808080 (rounded): white text on it fails.
        let veil = TestSupport.box(CGRect(x: 0, y: 0, width: 240, height: 80), UIColor(white: 0, alpha: 0.5))
        let onVeil = TestSupport.host(CGSize(width: 240, height: 80), veil, Self.text("Veiled", color: .white, at: CGPoint(x: 20, y: 20)))
        #expect(Self.contrastIssues(onVeil).first?.description.contains("on #808080") == true)
    }

    @Test func anImageBehindTheTextIsSampledOnceRendered() throws {
        func photo(_ colors: [UIColor]) -> ASImageNode {
            let size = CGSize(width: 240, height: 80)
            let image = ASImageNode()
            image.image = UIImage(bitmap: try! Bitmap(size: size, scale: 1) { context in
                for (index, color) in colors.enumerated() {
                    let width = size.width / CGFloat(colors.count)
                    context.fill(CGRect(x: width * CGFloat(index), y: 0, width: width, height: size.height), with: color)
                }
            })
            image.frame = CGRect(origin: .zero, size: size)
            return image
        }
        let dark = TestSupport.host(CGSize(width: 240, height: 80), photo([UIColor(hex: 0x202020)]),
                                    Self.text("Caption", color: .white, at: CGPoint(x: 20, y: 20)))
        #expect(Self.contrastIssues(dark).count == 1, "not drawn yet: the image is unknown, white is assumed")
        _ = try dark.renderBitmap(scale: 1)
        #expect(Self.contrastIssues(dark).isEmpty)

        // Half dark, half white under the text: the white half decides.
        let split = TestSupport.host(CGSize(width: 240, height: 80), photo([UIColor(hex: 0x202020), .white]),
                                     Self.text("Caption across", color: .white, at: CGPoint(x: 80, y: 20)))
        _ = try split.renderBitmap(scale: 2)
        #expect(Self.contrastIssues(split).first?.description.contains("1.00:1 (#FFFFFF on #FFFFFF)") == true)
    }

    static func button(_ size: CGSize, title: String? = "OK") -> ASButtonNode {
        let button = ASButtonNode()
        if let title { button.setTitle(title, with: nil, with: nil, for: .normal) }
        button.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: size)
        return button
    }

    @Test func hitTargetsSmallerThan44PointsAreReported() throws {
        let small = AccessibilityAudit.run(on: TestSupport.host(CGSize(width: 200, height: 100), Self.button(CGSize(width: 43, height: 43))))
        try #require(small.count == 1)
        #expect(small[0].kind == .smallHitTarget(size: CGSize(width: 43, height: 43), minimum: CGSize(width: 44, height: 44)))
        #expect(small[0].description == "ASButtonNode \"OK\" at (10, 10, 43, 43): hit target 43×43 pt is smaller than 44×44 pt")
        #expect(AccessibilityAudit.run(on: TestSupport.host(CGSize(width: 200, height: 100), Self.button(CGSize(width: 44, height: 44)))).isEmpty)
        #expect(AccessibilityAudit.run(on: TestSupport.host(CGSize(width: 200, height: 100), Self.button(CGSize(width: 120, height: 30)))).count == 1)
        // A link is a target too, even when it is not a control.
        let link = AccessibilityHierarchyTests.element("Terms", CGRect(x: 0, y: 0, width: 60, height: 20), traits: .link)
        #expect(AccessibilityAudit.run(on: TestSupport.host(CGSize(width: 200, height: 100), link)).map(\.node) == ["ASDisplayNode \"Terms\""])
    }

    @Test func elementsWithoutALabelAreReported() throws {
        let image = ASImageNode()
        image.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        image.isAccessibilityElement = true
        let untitled = Self.button(CGSize(width: 44, height: 44), title: nil)
        untitled.frame.origin = CGPoint(x: 100, y: 0)
        let root = TestSupport.host(CGSize(width: 200, height: 100), image, untitled)
        let issues = AccessibilityAudit.run(on: root)
        #expect(issues.map(\.kind) == [.missingLabel(traits: .image), .missingLabel(traits: .button)])
        #expect(issues.first?.description == "ASImageNode at (0, 0, 50, 50): element with traits [image] has no accessibility label")
        image.accessibilityLabel = "Profile photo"
        untitled.accessibilityLabel = "Close"
        try AccessibilityAudit.expectNoIssues(in: root)
    }

    @Test func expectNoIssuesThrowsEveryIssue() {
        let root = TestSupport.host(CGSize(width: 200, height: 100), Self.button(CGSize(width: 30, height: 30)),
                                    Self.text("faint", color: UIColor(hex: 0xAAAAAA), at: CGPoint(x: 10, y: 60)))
        #expect {
            try AccessibilityAudit.expectNoIssues(in: root)
        } throws: { error in
            guard let failure = error as? AccessibilityAuditFailure else { return false }
            return failure.issues.count == 2 && failure.description.hasPrefix("2 accessibility issues:\n- ")
        }
    }
}
