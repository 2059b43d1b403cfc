import Foundation

/// A screen to render a view controller or node on: its size in points, the safe-area insets its
/// notch, status bar and home indicator leave, and its traits (scale, idiom, size classes);
/// swift-snapshot-testing's `ViewImageConfig`, with the same names and shape, so
/// `.image(on: .iPhone13(.landscape))` reads as it does on iOS.
///
/// swift-snapshot-testing declares its `ViewImageConfig` only on iOS and tvOS, so on Linux this is
/// the only one. Its device traits leave `displayScale` unspecified (the simulator's screen
/// decides); Weft has no screen, so each device here also carries its scale. `name` is Weft's
/// addition: the device's part of a golden's name (`iPhone13`, `iPadPro11-portrait`).
/// Sendable value; use from any context.
public struct ViewImageConfig: Sendable {
    /// A phone's orientation; swift-snapshot-testing's `ViewImageConfig.Orientation`.
    public enum Orientation: Sendable, Hashable {
        case landscape
        case portrait
    }

    /// An iPad's orientation and, in Split View, the app's share of the screen;
    /// swift-snapshot-testing's `ViewImageConfig.TabletOrientation`.
    public enum TabletOrientation: Sendable, Hashable {
        public enum PortraitSplits: Sendable, Hashable {
            case oneThird, twoThirds, full
        }
        public enum LandscapeSplits: Sendable, Hashable {
            case oneThird, oneHalf, twoThirds, full
        }
        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    /// What the screen's edges take from the view: the status bar, notch, home indicator. A NaN,
    /// infinite or negative side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped
    /// to it, and reported.
    public var safeArea: UIEdgeInsets {
        didSet { safeArea = Self.repaired(safeArea: safeArea) }
    }
    /// The screen size in points; nil keeps the subject's own size. A side that is NaN, infinite
    /// or not positive leaves the subject's own size (nil), one past `WeftLimits.maximumScrollExtent`
    /// is clamped to it; both reported.
    public var size: CGSize? {
        didSet { size = Self.repaired(size: size) }
    }
    /// The device's traits: idiom, size classes, scale, content size, force touch.
    public var traits: UITraitCollection
    /// The device's part of a golden's name; nil for a configuration made by hand.
    public var name: String?

    /// swift-snapshot-testing's initialiser: a screen of your own.
    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.init(safeArea: safeArea, size: size, traits: traits, name: nil)
    }

    /// A screen with a name for goldens (`"kiosk"` → `testName.kiosk-light-large-ltr.png`). The
    /// name fills one part of a file name: a name that cannot as given (empty, with `/`, `\` or a
    /// control character, only dots, longer than 255 bytes) is reported here, and golden names
    /// made from it replace those characters with `_` (see WeftTesting's golden naming) or refuse it.
    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init(), name: String?) {
        self.safeArea = Self.repaired(safeArea: safeArea)
        self.size = Self.repaired(size: size)
        self.traits = traits
        self.name = name
        if let name, let problem = Self.fileNameProblem(name) {
            WeftDiagnostics.report(.testing, "ViewImageConfig", "name \(String(reflecting: name)) \(problem); golden names made from it will not use it as given")
        }
    }

    /// What keeps `name` from being one file name as given, or nil.
    static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.count > 255 { return "is \(name.utf8.count) bytes, more than a file name holds (255)" }
        if name.contains("/") || name.contains("\\") { return "holds a path separator" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "holds a NUL or control character" }
        if name.allSatisfy({ $0 == "." }) { return "is only dots" }
        return nil
    }

    private static func repaired(safeArea: UIEdgeInsets) -> UIEdgeInsets {
        let i = GeometryRepair.insets(safeArea)
        let fixed = UIEdgeInsets(top: max(0, i.top), left: max(0, i.left), bottom: max(0, i.bottom), right: max(0, i.right))
        if fixed != safeArea { WeftDiagnostics.report(.geometry, "ViewImageConfig.safeArea", "\(safeArea) cannot be a safe area (not finite, negative or past WeftLimits.maximumScrollExtent); used \(fixed)") }
        return fixed
    }

    private static func repaired(size: CGSize?) -> CGSize? {
        guard let size else { return nil }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            WeftDiagnostics.report(.geometry, "ViewImageConfig.size", "(\(size.width), \(size.height)) cannot be a screen size; used nil (the subject's own size)")
            return nil
        }
        return GeometryRepair.size(size, "ViewImageConfig.size", "size")
    }

    /// The device's traits overlaid with `traits` (each trait from `traits` when it specifies it),
    /// as swift-snapshot-testing merges a strategy's `traits:` over its config's.
    public func traits(overriddenBy traits: UITraitCollection) -> UITraitCollection {
        UITraitCollection(traitsFrom: [self.traits, traits])
    }

    /// The scale to render at for these traits: their `displayScale`, or `ASScreenScale()` when
    /// they leave it unspecified (a configuration made by hand).
    public static func scale(for traits: UITraitCollection) -> CGFloat {
        traits.displayScale > 0 ? traits.displayScale : ASScreenScale()
    }

    /// This configuration under another name (swift-snapshot-testing's aliases, such as
    /// `iPhone12Pro` for `iPhone12`, render alike but name their goldens apart).
    func named(_ name: String) -> ViewImageConfig {
        var copy = self
        copy.name = name
        return copy
    }
}
