import Foundation
import Weft

/// Small builders shared by the tests.
enum TestSupport {
    static func attributed(_ string: String, size: CGFloat = 14, weight: UIFont.Weight = .regular,
                           color: UIColor = .black, extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: size, weight: weight), .foregroundColor: color]
        attributes.merge(extra) { $1 }
        return NSAttributedString(string: string, attributes: attributes)
    }

    /// A text node measured in `width` and framed at (`inset`, `inset`).
    static func textNode(_ text: NSAttributedString, width: CGFloat, lines: UInt = 0, truncation: NSLineBreakMode? = nil,
                         inset: CGFloat = 4) -> ASTextNode {
        let node = ASTextNode()
        node.attributedText = text
        node.maximumNumberOfLines = lines
        if let truncation { node.truncationMode = truncation }
        let size = node.calculateSizeThatFits(CGSize(width: width, height: .infinity))
        node.frame = CGRect(origin: CGPoint(x: inset, y: inset), size: size)
        return node
    }

    /// A white host of `size` with `subnodes`, the way Texture's tests put boxes in a host.
    static func host(_ size: CGSize, _ subnodes: ASDisplayNode..., background: UIColor = .white) -> ASDisplayNode {
        let host = ASDisplayNode()
        host.frame = CGRect(origin: .zero, size: size)
        host.backgroundColor = background
        for node in subnodes { host.addSubnode(node) }
        return host
    }

    /// A text node on a white host just large enough for it.
    static func hostedText(_ text: NSAttributedString, width: CGFloat, lines: UInt = 0, truncation: NSLineBreakMode? = nil) -> ASDisplayNode {
        let node = textNode(text, width: width, lines: lines, truncation: truncation)
        return host(CGSize(width: width + 8, height: node.frame.height + 8), node)
    }

    static func box(_ frame: CGRect, _ color: UIColor) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = frame
        node.backgroundColor = color
        return node
    }

    /// A photo-like test image: gradients in both directions and a disc.
    static func gradientImage(width: CGFloat = 40, height: CGFloat = 24, scale: CGFloat = 1) -> UIImage {
        UIImage(bitmap: try! Bitmap(size: CGSize(width: width, height: height), scale: scale) { context in
            let rect = CGRect(x: 0, y: 0, width: width, height: height)
            context.fill(Path(rect: rect), with: .linear(from: .zero, to: CGPoint(x: width, y: 0),
                                                         stops: Gradient.evenlySpaced([.systemRed, .systemYellow, .systemBlue])))
            context.fill(Path(ellipseIn: rect.insetBy(dx: width / 4, dy: height / 4)), with: UIColor(white: 1, alpha: 0.7))
            context.fill(CGRect(x: 0, y: 0, width: width / 4, height: height / 4), with: .black)
        })
    }
}

/// Runs `body` on a thread of its own and awaits its result. Work that blocks until the main actor
/// answers must not hold a thread of Swift's cooperative pool, which has as few threads as cores:
/// with every pool thread blocked, a main-actor test waiting on the pool would deadlock.
func onThreadOfItsOwn<T>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<UncheckedBox<T>, any Error>) in
        Thread { continuation.resume(with: Result { UncheckedBox(try body()) }) }.start()
    }
    return result.value
}

/// Whether the tests run under a sanitizer (`make sanitize`). Looked up in the program's own
/// symbols (the thread sanitizer's runtime is linked into the test binary, where a lookup through
/// `dlsym(nil, …)` did not find it) and, as `scripts/sanitize.sh` sets them, in the sanitizers'
/// option variables.
enum Sanitizers {
    private static func linked(_ symbol: String) -> Bool {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(program) }
        return dlsym(program, symbol) != nil
    }

    static let thread = linked("__tsan_init") || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil
    static let address = linked("__asan_init") || ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
    static let any = thread || address
}
