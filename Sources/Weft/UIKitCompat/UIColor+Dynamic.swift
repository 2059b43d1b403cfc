import Foundation

extension UIColor {
    /// UIKit's `init(dynamicProvider:)`: a colour that `provider` resolves for each trait
    /// collection, as `UIColor { $0.userInterfaceStyle == .dark ? .black : .white }`.
    ///
    /// The provider is `@Sendable`, unlike UIKit's, because Weft resolves colours on the display
    /// queue and on compositing threads, many at once: it may run on any thread, any number of
    /// times, and must not reach main-actor state (compute what it needs beforehand and capture
    /// that). Closure literals written in place are inferred `@Sendable`, so UIKit code ports
    /// unchanged in Swift 5 and Swift 6 mode. It may return another dynamic colour, which is
    /// resolved in turn (up to `maximumProviderDepth` providers deep).
    public convenience init(dynamicProvider provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        self.init(kind: .dynamic(name: nil, provider: provider))
    }

    /// A dynamic colour with a name for its description (the system colours).
    convenience init(systemName name: String, _ provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        self.init(kind: .dynamic(name: name, provider: provider))
    }

    /// UIKit's `resolvedColor(with:)`: the fixed colour this colour is for `traitCollection`; a
    /// fixed colour returns itself. A provider chain deeper than `maximumProviderDepth` (a provider
    /// that returns itself, say) resolves to `.clear` and is reported.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        var color = self
        for _ in 0..<Self.maximumProviderDepth {
            guard case .dynamic(_, let provider) = color.kind else { return color }
            color = provider(traitCollection)
        }
        if case .fixed = color.kind { return color }
        WeftDiagnostics.report(.appearance, description, "its dynamic provider still returned a dynamic colour after \(Self.maximumProviderDepth) resolutions (a provider that returns itself?); it draws clear")
        return .clear
    }

    /// How many providers deep a dynamic colour resolves before it is given up as a cycle.
    public static let maximumProviderDepth = 16

    /// Whether the colour is dynamic (made by a provider, or a system colour that has variants).
    var isDynamic: Bool {
        if case .dynamic = kind { true } else { false }
    }

    /// The components, a dynamic colour's resolved once for `UITraitCollection.current`: what
    /// drawing reads (one resolution for all four channels).
    var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch kind {
        case let .fixed(red, green, blue, alpha):
            return (red, green, blue, alpha)
        case .dynamic:
            guard case let .fixed(red, green, blue, alpha) = resolvedColor(with: .current).kind else { return (0, 0, 0, 0) }
            return (red, green, blue, alpha)
        }
    }
}

extension Optional where Wrapped == UIColor {
    /// The colour resolved for `traits`; nil stays nil.
    func resolved(with traits: UITraitCollection) -> UIColor? {
        self?.resolvedColor(with: traits)
    }
}
