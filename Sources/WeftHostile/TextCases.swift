import CWeft
import Foundation
import Weft

/// Attributed text with values pango must never see raw.
enum TextCases {
    static func render(_ node: ASTextNode) throws {
        let size = node.calculateSizeThatFits(CGSize(width: 200, height: CGFloat.infinity))
        try Expect.that(size.width.isFinite && size.height.isFinite, "text measured to \(size)")
        node.frame = CGRect(origin: .zero, size: CGSize(width: 200, height: max(1, min(size.height, 2000))))
        try Expect.decodablePNG(try Expect.success("rendering text") { try node.renderPNG(scale: 1) }, "the text render")
    }

    static let all: [HostileCase] = [
        HostileCase(category: .text, name: "billion-point-font-clamped-and-reported") {
            try Expect.diagnostic(containing: "1000000000") {
                try render(Fixture.text("Huge", attributes: [.font: UIFont.systemFont(ofSize: 1e9)]))
            }
        },
        HostileCase(category: .text, name: "nan-font-size-reported") {
            try Expect.diagnostic(containing: "nan") { try render(Fixture.text("NaN size", attributes: [.font: UIFont.systemFont(ofSize: .nan)])) }
        },
        HostileCase(category: .text, name: "negative-font-size-reported") {
            try Expect.diagnostic(containing: "-12") { try render(Fixture.text("negative", attributes: [.font: UIFont.systemFont(ofSize: -12)])) }
        },
        HostileCase(category: .text, name: "nan-kern-reported") {
            try Expect.diagnostic(containing: "nan") { try render(Fixture.text("kerned", attributes: [.kern: CGFloat.nan])) }
        },
        HostileCase(category: .text, name: "infinite-kern-reported") {
            try Expect.diagnostic(containing: "inf") { try render(Fixture.text("kerned", attributes: [.kern: CGFloat.infinity])) }
        },
        HostileCase(category: .text, name: "nan-line-spacing-reported") {
            let style = NSMutableParagraphStyle()
            style.lineSpacing = .nan
            try Expect.diagnostic(containing: "nan") { try render(Fixture.text("one\ntwo", attributes: [.paragraphStyle: style])) }
        },
        // The crashes libFuzzer found (Fuzz/Corpus/FuzzText/crash-*): numbers past Int32 once
        // multiplied by pango's 1024 units.
        HostileCase(category: .text, name: "fuzz-found-huge-kern-rise-spacing-indent") {
            let style = NSMutableParagraphStyle()
            style.lineSpacing = 3e6
            style.firstLineHeadIndent = .nan
            try render(Fixture.text("one\ntwo", attributes: [.kern: CGFloat(3e6), .baselineOffset: CGFloat(-3e6), .paragraphStyle: style]))
            let infinite = NSMutableParagraphStyle()
            infinite.lineSpacing = .infinity
            infinite.firstLineHeadIndent = -.infinity
            try render(Fixture.text("three", attributes: [.paragraphStyle: infinite]))
        },
        HostileCase(category: .text, name: "fuzz-found-enormous-wrap-width") {
            let node = Fixture.text("wrap me at an absurd width")
            let size = node.calculateSizeThatFits(CGSize(width: 1e300, height: CGFloat.infinity))
            try Expect.that(size.width.isFinite && size.height.isFinite && size.width < 1e7, "text measured in a 1e300-wide box as \(size)")
            let ratio = ASRatioLayoutSpec(ratio: 1e-300, child: node)
            _ = ratio.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 1e300, height: 1e300)))
        },
        HostileCase(category: .text, name: "lone-surrogates-and-controls") {
            let odd = String(decoding: [0xD800, 0x41, 0xDFFF, 0x0000, 0x0007, 0x202E, 0x41] as [UInt16], as: UTF16.self)
            try render(Fixture.text(odd + "\u{0}\u{FEFF}\u{200B}end"))
        },
        HostileCase(category: .text, name: "combining-mark-storm") {
            try render(Fixture.text("a" + String(repeating: "\u{0301}", count: 5000)))
        },
        HostileCase(category: .text, name: "megabyte-string-bounded") {
            let start = Date()
            try render(Fixture.text(String(repeating: "word ", count: 200_000)))
            try Expect.that(Date().timeIntervalSince(start) < 20 * Slowdown.factor, "a 1 MB string took \(Date().timeIntervalSince(start)) s")
        },
        HostileCase(category: .text, name: "max-lines-huge-and-truncation-empty") {
            let node = Fixture.text(String(repeating: "line\n", count: 50))
            node.maximumNumberOfLines = UInt.max
            node.truncationAttributedText = NSAttributedString(string: "")
            try render(node)
        },
        HostileCase(category: .text, name: "unknown-attribute-values-ignored") {
            try render(Fixture.text("odd", attributes: [.font: "not a font", .foregroundColor: 42, .kern: "wide"]))
        },
        HostileCase(category: .text, name: "repeated-attributed-text-memory-bounded") {
            let node = ASTextNode()
            node.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
            func cycle(_ range: Range<Int>) {
                for i in range {
                    node.attributedText = NSAttributedString(string: "message number \(i) with some text", attributes: [.font: UIFont.systemFont(ofSize: 14)])
                    _ = node.calculateSizeThatFits(CGSize(width: 200, height: CGFloat.infinity))
                }
            }
            cycle(0..<2_000)
            let before = Memory.residentBytes()
            cycle(2_000..<22_000)
            let grown = Memory.residentBytes() - before
            try Expect.that(grown < 40 << 20, "20,000 attributedText sets grew memory by \(grown >> 20) MiB")
        },
        // In a process of its own: measured beside the test suite's other suites, the growth was theirs too.
        HostileCase(category: .text, name: "attributed-text-sets-keep-no-copies") {
            let node = ASTextNode()
            let filler = String(repeating: "words to make each string bigger ", count: 30)
            // Made before measuring: Foundation on Linux never frees an attributed string's storage,
            // so only what the node keeps or copies shows in the growth below.
            let font = UIFont.systemFont(ofSize: 12)
            let texts = (0..<20_000).map { index -> NSAttributedString in
                let text = NSMutableAttributedString(string: "\(index) \(filler)", attributes: [.font: font])
                for run in 0..<8 { text.addAttribute(.kern, value: CGFloat(run), range: NSRange(location: 2 + run * 10, length: 5)) }
                return NSAttributedString(attributedString: text)
            }
            let before = Memory.residentBytes()
            for (index, text) in texts.enumerated() {
                node.attributedText = text
                if index % 10 == 0 { _ = node.calculateSizeThatFits(CGSize(width: 300, height: CGFloat.infinity)) }
            }
            let grown = Memory.residentBytes() - before
            // A copy of each would keep about 2.8 KB: 56 MB in all, measured. The bound leaves room
            // for the shared text-layout cache (up to `WeftLimits.textMeasurementCacheBytes`).
            try Expect.that(grown < 32 << 20, "20,000 attributedText sets grew memory by \(grown >> 20) MiB")
        },
    ]
}

/// The process's memory: resident pages, and bytes the C heap holds.
///
/// Under AddressSanitizer both would measure the sanitizer, not Weft: its allocator bypasses
/// glibc's, and memory freed waits in its quarantine (256 MB by default) before it is reused, so
/// resident pages grow with everything ever freed. There both measures are the sanitizer's own
/// count of bytes allocated and not yet freed (`__sanitizer_get_current_allocated_bytes`), which
/// is what the cases mean to bound: memory Weft still holds.
enum Memory {
    private typealias AllocatedBytes = @convention(c) () -> Int
    /// The sanitizer's counter, when this process runs under AddressSanitizer.
    private static let sanitizerAllocatedBytes: AllocatedBytes? = {
        guard dlsym(nil, "__asan_init") != nil, let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes") else { return nil }
        return unsafeBitCast(symbol, to: AllocatedBytes.self)
    }()

    /// Bytes allocated and not yet freed in glibc's main heap arena (the main thread's, where a
    /// case runs): exact to the byte, where resident pages are not, so a small per-call leak shows.
    static func heapBytesInUse() -> Int {
        if let sanitizerAllocatedBytes { return sanitizerAllocatedBytes() }
        return Int(mallinfo2().uordblks)
    }

    static func residentBytes() -> Int {
        if let sanitizerAllocatedBytes { return sanitizerAllocatedBytes() }
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
