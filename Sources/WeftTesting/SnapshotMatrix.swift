import Foundation
import Weft

/// The screens and settings to render one subject under: every device × appearance × text size ×
/// layout direction, each cell a golden of its own named by its parameters
/// (`iPhone13-dark-extraLarge-rtl`), never by a counter.
///
/// Used by `expectGolden(of:matrix:…)` and, with swift-snapshot-testing, by WeftSnapshotTesting's
/// `assertSnapshots(of:matrix:…)`. A cell's traits are the device's, overlaid by `traits` (for
/// example `.init(displayScale: 1)` for small goldens), then by the cell's style, text size and
/// direction. Sendable value; use from any context.
public struct SnapshotMatrix: Sendable {
    public var devices: [ViewImageConfig]
    public var styles: [UIUserInterfaceStyle]
    public var contentSizes: [UIContentSizeCategory]
    public var directions: [UITraitEnvironmentLayoutDirection]
    /// Traits every cell gets, over the device's and under the cell's own.
    public var traits: UITraitCollection

    public init(devices: [ViewImageConfig] = [.iPhone13], styles: [UIUserInterfaceStyle] = [.light, .dark],
                contentSizes: [UIContentSizeCategory] = [.large], directions: [UITraitEnvironmentLayoutDirection] = [.leftToRight],
                traits: UITraitCollection = .init()) {
        self.devices = devices
        self.styles = styles
        self.contentSizes = contentSizes
        self.directions = directions
        self.traits = traits
    }

    /// One cell: a device and the traits to render on it. Sendable value; use from any context.
    public struct Cell: Sendable {
        public let device: ViewImageConfig
        /// The matrix's traits with the cell's style, text size and direction; the device's own
        /// are applied under them when rendering (`ViewImageConfig.traits(overriddenBy:)`).
        public let traits: UITraitCollection
        /// `<device>-<style>-<contentSize>-<direction>`, e.g. `iPhone13-dark-extraLarge-rtl`.
        public let name: String

        /// Runs `make` with the cell's traits (the device's, overlaid with the cell's) as
        /// `UITraitCollection.current`, so a subject that picks fonts and colours in `init`
        /// (`UIFont.preferredFont(forTextStyle:)` follows the current traits' text size in Weft)
        /// is made for this cell, as an app launched with those settings would make it.
        public func made<Subject>(_ make: () throws -> Subject) rethrows -> Subject {
            var subject: Subject?
            try device.traits(overriddenBy: traits).performAsCurrent { subject = try make() }
            return subject!
        }
    }

    /// Every cell, devices outermost, directions innermost.
    public var cells: [Cell] {
        var cells: [Cell] = []
        for device in devices {
            for style in styles {
                for size in contentSizes {
                    for direction in directions {
                        let traits = UITraitCollection(traitsFrom: [
                            self.traits, .init(userInterfaceStyle: style), .init(preferredContentSizeCategory: size),
                            .init(layoutDirection: direction),
                        ])
                        let name = [Self.name(of: device), Self.name(of: style), Self.name(of: size), Self.name(of: direction)].joined(separator: "-")
                        cells.append(Cell(device: device, traits: traits, name: name))
                    }
                }
            }
        }
        return cells
    }

    /// The problem with the matrix, naming the empty dimension or the repeated cell name; nil when
    /// it can be rendered.
    public var problem: String? {
        for (dimension, count) in [("devices", devices.count), ("styles", styles.count), ("contentSizes", contentSizes.count),
                                   ("directions", directions.count)] where count == 0 {
            return "the matrix has no \(dimension): give at least one"
        }
        var seen = Set<String>()
        for cell in cells where !seen.insert(cell.name).inserted {
            return "two cells are both named \"\(cell.name)\": give each device a different name"
        }
        return nil
    }

    static func name(of device: ViewImageConfig) -> String {
        if let name = device.name { return name }
        guard let size = device.size else { return "custom" }
        return "custom-\(GoldenLocation.sanitized(String(format: "%gx%g", size.width, size.height)))"
    }

    static func name(of style: UIUserInterfaceStyle) -> String {
        switch style {
        case .light: "light"
        case .dark: "dark"
        case .unspecified: "unspecifiedStyle"
        }
    }

    static func name(of direction: UITraitEnvironmentLayoutDirection) -> String {
        switch direction {
        case .leftToRight: "ltr"
        case .rightToLeft: "rtl"
        case .unspecified: "unspecifiedDirection"
        }
    }

    /// UIKit's Swift names for the categories (`.extraLarge` → `extraLarge`).
    static func name(of size: UIContentSizeCategory) -> String {
        let names: [UIContentSizeCategory: String] = [
            .extraSmall: "extraSmall", .small: "small", .medium: "medium", .large: "large", .extraLarge: "extraLarge",
            .extraExtraLarge: "extraExtraLarge", .extraExtraExtraLarge: "extraExtraExtraLarge",
            .accessibilityMedium: "accessibilityMedium", .accessibilityLarge: "accessibilityLarge",
            .accessibilityExtraLarge: "accessibilityExtraLarge", .accessibilityExtraExtraLarge: "accessibilityExtraExtraLarge",
            .accessibilityExtraExtraExtraLarge: "accessibilityExtraExtraExtraLarge", .unspecified: "unspecifiedSize",
        ]
        return names[size] ?? GoldenLocation.sanitized(size.rawValue)
    }
}
