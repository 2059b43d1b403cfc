import Foundation
import Testing
import Weft

/// `UIColor(dynamicProvider:)` and `resolvedColor(with:)`, as UIKit code uses them.
@Suite struct DynamicColorTests {
    static let dark = UITraitCollection(userInterfaceStyle: .dark)
    static let light = UITraitCollection(userInterfaceStyle: .light)

    @Test func resolvesByTheProvider() {
        // Both UIKit spellings: trailing closure and labelled argument.
        let trailing = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        let labelled = UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? UIColor(hex: 0x102030) : .systemBlue })
        #expect(trailing.resolvedColor(with: Self.dark) == .black)
        #expect(trailing.resolvedColor(with: Self.light) == .white)
        #expect(trailing.resolvedColor(with: UITraitCollection()) == .white)
        #expect(labelled.resolvedColor(with: Self.dark) == UIColor(hex: 0x102030))
        // A provider that returns a dynamic colour is resolved through it.
        #expect(labelled.resolvedColor(with: Self.light) == UIColor(hex: 0x007AFF))
    }

    @Test func componentsFollowTheCurrentTraits() {
        let color = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0.25, alpha: 1) : UIColor(white: 0.75, alpha: 0.5) }
        #expect(color.red == 0.75 && color.alpha == 0.5)
        Self.dark.performAsCurrent {
            #expect(color.red == 0.25 && color.green == 0.25 && color.blue == 0.25 && color.alpha == 1)
            // A CGColor stays dynamic (unlike UIKit's): it resolves where it is drawn.
            let border = color.cgColor
            Self.light.performAsCurrent { #expect(border.uiColor.red == 0.75) }
        }
        #expect(color.red == 0.75, "performAsCurrent restores the previous traits")
    }

    @Test func alphaVariantStaysDynamic() {
        let faded = UIColor.label.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: Self.dark) == UIColor(white: 1, alpha: 0.5))
        #expect(faded.resolvedColor(with: Self.light) == UIColor(white: 0, alpha: 0.5))
    }

    @Test func providerCyclesResolveToClearAndAreReported() {
        final class Box: @unchecked Sendable { var color: UIColor? }  // SAFETY: set once before use, read only by the provider.
        let box = Box()
        let cycle = UIColor { _ in box.color! }
        box.color = cycle
        let (resolved, diagnostics) = WeftDiagnostics.collect(matching: "dynamic provider") { cycle.resolvedColor(with: Self.dark) }
        #expect(resolved == .clear)
        #expect(diagnostics.count == 1)
        box.color = nil  // the test made a reference cycle on purpose; break it, or it leaks
    }

    @Test func equalityIsIdentityForDynamicColours() {
        let a = UIColor { _ in .red }, b = UIColor { _ in .red }
        #expect(a == a && a != b && a.hash == a.hash)
        #expect(UIColor.label == UIColor.label && UIColor.label != UIColor.black)
        #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == .red)
        #expect("\(UIColor.secondaryLabel)".contains("secondaryLabel"))
    }

    /// Providers run on display threads: resolution from many threads at once is safe and each
    /// thread sees its own current traits.
    @Test func resolvesPerThread() async {
        let color = UIColor { $0.userInterfaceStyle == .dark ? .black : .white }
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let style: UIUserInterfaceStyle = index.isMultiple(of: 2) ? .dark : .light
                    return UITraitCollection.withCurrentForTesting(UITraitCollection(userInterfaceStyle: style)) {
                        (0..<200).allSatisfy { _ in color.red == (style == .dark ? 0 : 1) }
                    }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }
}

extension UITraitCollection {
    /// `performAsCurrent` with a result, for the tests.
    static func withCurrentForTesting<R>(_ traits: UITraitCollection, _ body: () -> R) -> R {
        var result: R?
        traits.performAsCurrent { result = body() }
        return result!
    }
}
