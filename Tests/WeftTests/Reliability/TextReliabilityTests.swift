import CWeft
import Foundation
import Synchronization
import Testing
@testable import Weft

/// Hostile text input: font sizes and attribute values pango cannot take, huge strings, ranges
/// that split characters, and what the node keeps when text is set (its memory is measured in a
/// process of its own, see the hostile case `text/attributed-text-sets-keep-no-copies`).
@Suite struct TextReliabilityTests {
    /// A node with a unique debug name, so its diagnostics can be told from other tests'.
    static func node(_ name: String) -> (ASTextNode, String) {
        let node = ASTextNode()
        let unique = "\(name)-\(UUID().uuidString)"
        node.debugName = unique
        return (node, unique)
    }

    /// Lays out and renders `node` with `text`, returning the diagnostics about it, apart from the
    /// messages from the GLib log (pango) about its text. Those name the node, so a critical that
    /// another test provokes meanwhile (`glibCriticalsBecomeDiagnostics`) is not counted here: it
    /// was, and failed this suite now and then, most under ThreadSanitizer's slower timing.
    static func exercise(_ node: ASTextNode, _ name: String, _ text: NSAttributedString) throws -> (node: [WeftDiagnostic], glib: [WeftDiagnostic]) {
        let (_, diagnostics) = try WeftDiagnostics.collect(matching: name) {
            node.attributedText = text
            let size = node.calculateSizeThatFits(CGSize(width: 300, height: CGFloat.infinity))
            node.frame = CGRect(origin: .zero, size: CGSize(width: min(max(size.width, 1), 2000), height: min(max(size.height, 1), 2000)))
            _ = try node.renderBitmap(scale: 1)
        }
        let glib = { (d: WeftDiagnostic) in GLibLogBridge.domains.contains(d.subject) }
        return (diagnostics.filter { !glib($0) }, diagnostics.filter(glib))
    }

    // MARK: Font sizes

    @Test func fontSizesOutsideTheLimitsAreRepairedAndReported() {
        let cases: [(CGFloat, CGFloat, String)] = [
            (1.234e9, WeftLimits.maximumFontSize, "above WeftLimits.maximumFontSize"),
            (.nan, UIFont.systemFontSize, "not finite and positive"),
            (-.infinity, UIFont.systemFontSize, "not finite and positive"),
            (-3.25, UIFont.systemFontSize, "not finite and positive"),
            (1.5e-9, UIFont.minimumPointSize, "below UIFont.minimumPointSize"),
        ]
        for (given, used, rule) in cases {
            let family = "Family-\(UUID().uuidString)"
            let (font, diagnostics) = WeftDiagnostics.collect(matching: family) { UIFont(familyName: family, pointSize: given) }
            #expect(font.pointSize == used || (used.isNaN && font.pointSize.isNaN), "\(given)")
            #expect(diagnostics.count == 1 && diagnostics.first?.area == .text, "\(given): \(diagnostics)")
            #expect(diagnostics.first?.message.contains("point size \(given) ") == true && diagnostics.first?.message.contains(rule) == true,
                    "\(diagnostics.first?.message ?? "none")")
        }
        let family = "Family-\(UUID().uuidString)"
        let (_, none) = WeftDiagnostics.collect(matching: family) { UIFont(familyName: family, pointSize: 17) }
        #expect(none.isEmpty)
    }

    @Test func hugeAndTinyFontsLayOutWithoutPangoMessages() throws {
        for size in [1e9, WeftLimits.maximumFontSize, 1e-9, .nan, 0] as [CGFloat] {
            let (node, name) = Self.node("font-\(size)")
            let text = NSAttributedString(string: "Hg", attributes: [.font: UIFont.systemFont(ofSize: size)])
            let (_, glib) = try Self.exercise(node, name, text)
            #expect(glib.isEmpty, "font size \(size): \(glib)")
        }
    }

    // MARK: Attribute values

    @Test func nonFiniteAndHugeAttributeValuesAreIgnoredAndReported() throws {
        let (node, name) = Self.node("attributes")
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineSpacing = .nan
        paragraph.lineHeightMultiple = .infinity
        paragraph.firstLineHeadIndent = -.infinity
        let text = NSMutableAttributedString(string: "kern ", attributes: [.kern: CGFloat.nan, .paragraphStyle: paragraph])
        text.append(NSAttributedString(string: "number ", attributes: [.kern: NSNumber(value: Double.nan)]))
        text.append(NSAttributedString(string: "huge ", attributes: [.kern: 1e12]))
        text.append(NSAttributedString(string: "rise ", attributes: [.baselineOffset: -Double.infinity]))
        text.append(NSAttributedString(string: "word", attributes: [.kern: "wide"]))
        let (diagnostics, glib) = try Self.exercise(node, name, text)
        let messages = diagnostics.map(\.message)
        for expected in ["kern nan is not finite; ignored", "kern 1000000000000.0 is beyond WeftLimits.maximumTextSpacing; 10000.0 used",
                         "baselineOffset -inf is not finite", "kern \"wide\" (a String) is not a number",
                         "lineSpacing nan is not finite", "lineHeightMultiple inf is not finite and non-negative",
                         "firstLineHeadIndent -inf is not finite"] {
            #expect(messages.contains { $0.contains(expected) }, "missing \(expected) in \(messages)")
        }
        #expect(diagnostics.allSatisfy { $0.area == .text && $0.subject.contains(name) })
        #expect(Set(messages).count == messages.count, "each repair reported once")
        #expect(glib.isEmpty, "\(glib)")
    }

    /// The table of values for every attribute: each renders with nothing from pango, and each
    /// value the rules repair is reported once per copy, naming the attribute and the value given.
    @Test(arguments: HostileTextTarget.all.map(\.name))
    func noAttributeValueReachesPangoUnchecked(target name: String) throws {
        let target = HostileTextTarget.all.first { $0.name == name }!
        for value in HostileTextTarget.values {
            let (node, unique) = Self.node("sweep")
            // A font reports its size when it is made, here; the text its attributes when it is set.
            let (made, reportsMaking) = WeftDiagnostics.collect(matching: unique) { target.text(value, unique) }
            guard let text = made else { continue }
            let shown = target.shown(value)
            let (reportsSetting, glib) = try Self.exercise(node, unique, text)
            let diagnostics = reportsMaking + reportsSetting
            #expect(glib.isEmpty, "\(name) \(shown): \(glib)")
            if target.keeps(value) {
                #expect(diagnostics.isEmpty, "\(name) \(shown) is kept, yet: \(diagnostics.map(\.message))")
            } else {
                let naming = diagnostics.filter { $0.message.hasPrefix("\(name) \(shown) ") }
                #expect(naming.count == 1, "\(name) \(shown): \(diagnostics.map(\.message))")
            }
        }
    }

    @Test func attributeRangesThatSplitACharacterAreSafe() throws {
        let (node, name) = Self.node("split")
        let text = NSMutableAttributedString(string: "a😀b한😀", attributes: [:])
        text.addAttribute(.kern, value: 2.0, range: NSRange(location: 2, length: 2))  // the emoji's low surrogate and "b"
        text.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 5, length: 1))
        let (_, glib) = try Self.exercise(node, name, text)
        #expect(glib.isEmpty)
        let content = TextContent(text)
        #expect(content.runs.map(\.range.lowerBound).allSatisfy { content.string.utf8.index(content.string.utf8.startIndex, offsetBy: $0).samePosition(in: content.string.unicodeScalars) != nil })
        #expect(content.runs.last?.range.upperBound == content.string.utf8.count)
    }

    @Test func glibCriticalsBecomeDiagnosticsNamingTheText() {
        let name = "critical-\(UUID().uuidString)"
        let (_, diagnostics) = WeftDiagnostics.collect(matching: name) {
            RenderLanePool.shared.withLane(for: name) { _ in  // installs the bridge
                let description = pango_font_description_new()
                pango_font_description_set_absolute_size(description, -1)  // fails pango's own check
                pango_font_description_free(description)
            }
        }
        #expect(diagnostics.count == 1 && diagnostics.allSatisfy { $0.subject == "Pango" && $0.message.contains("critical")
                    && $0.message.contains("size >= 0") && $0.message.contains("during the text of \(name)") }, "\(diagnostics)")
    }

    // MARK: Size of the text

    @Test func textTallerOrWiderThanPangoCanMeasureKeepsASaneSize() throws {
        // 100,000 lines of 60 pt, and one line of 100,000 glyphs about 13 pt wide.
        for (string, side, fontSize) in [(String(repeating: "\n", count: WeftLimits.maximumTextLength), "taller", 60.0),
                                         (String(repeating: "W", count: WeftLimits.maximumTextLength), "wider", 14)] as [(String, String, CGFloat)] {
            let (node, name) = Self.node(side)
            let text = NSAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: fontSize)])
            let (size, diagnostics) = WeftDiagnostics.collect(matching: name) { () -> CGSize in
                node.attributedText = text
                return node.calculateSizeThatFits(CGSize(width: CGFloat.infinity, height: CGFloat.infinity))
            }
            #expect(size.width >= 0 && size.height >= 0 && size.width <= WeftLimits.maximumTextExtent + 1
                        && size.height <= WeftLimits.maximumTextExtent + 1, "\(side): \(size)")
            #expect(diagnostics.contains { $0.message.contains("WeftLimits.maximumTextExtent") }, "\(side): \(diagnostics)")
        }
    }

    @Test func textPastTheLengthLimitIsCutAndReported() throws {
        let (node, name) = Self.node("long")
        let word = "lorem ipsum dolor sit amet 😀 "
        let string = String(repeating: word, count: WeftLimits.maximumTextLength / word.utf16.count * 3)
        let text = NSAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: 12)])
        let start = Date()
        let (_, diagnostics) = WeftDiagnostics.collect(matching: name) {
            node.attributedText = text
            _ = node.calculateSizeThatFits(CGSize(width: 400, height: 300))
        }
        let seconds = Date().timeIntervalSince(start)
        #expect(diagnostics.contains { $0.message.contains("text of \(text.length) UTF-16 units is longer than WeftLimits.maximumTextLength") },
                "\(diagnostics)")
        #expect(seconds < 20, "layout of text cut to the limit took \(seconds) s")
        let shown = node.textState.withLock { $0.request.content.string.utf16.count }
        #expect(shown <= WeftLimits.maximumTextLength && shown > WeftLimits.maximumTextLength - 2)
        #expect(node.attributedText?.length == text.length, "the property keeps what was set")
    }

    /// Skipped under the sanitizers: there, appending 20,000 attribute runs traps inside Foundation
    /// itself (`CFRunArrayInsert` → `CFBasicHashesAreEqual` → `__HALT`), before any Weft code
    /// runs. Seen under TSan, and on 2026-11-23 under ASan too (twice, the suite serialized or not),
    /// where an earlier run had passed; it passes in `make test`.
    @Test(.enabled(if: !Sanitizers.any, "Foundation traps building 20,000 runs under the sanitizers"))
    func manyRunsAreLinearToCopy() {
        let text = NSMutableAttributedString(string: "")
        for i in 0..<20_000 {
            text.append(NSAttributedString(string: "w\(i) ", attributes: [.kern: CGFloat(i % 3)]))
        }
        let start = Date()
        let content = TextContent(text)
        #expect(content.runs.count > 1000)
        // Quadratic copying took minutes; linear takes well under a second, or a few under ASan.
        let limit: TimeInterval = dlsym(nil, "__asan_init") != nil ? 25 : 5
        #expect(Date().timeIntervalSince(start) < limit, "copying \(text.length) UTF-16 units in \(content.runs.count) runs")
    }

    // MARK: Memory

    /// That the node keeps an immutable string and copies a mutable one. The memory this saves
    /// over 20,000 sets is measured in a process of its own: the hostile case
    /// `text/attributed-text-sets-keep-no-copies`.
    @Test func attributedTextKeepsAnImmutableStringAndCopiesAMutableOne() throws {
        let node = ASTextNode()
        let texts = [NSAttributedString(string: "kept", attributes: [.font: UIFont.systemFont(ofSize: 12)])]
        node.attributedText = texts[0]
        #expect(node.attributedText === texts[0], "an immutable string is kept, not copied")
        let mutable = NSMutableAttributedString(string: "changes later")
        node.attributedText = mutable
        mutable.append(NSAttributedString(string: "!"))
        #expect(node.attributedText?.string == "changes later", "a mutable string is copied")
    }
}
