import Foundation
import Weft

/// The screens and settings to render one subject under: every device × appearance × text size ×
/// layout direction, each cell a golden of its own named by its parameters
/// (`iPhone13-dark-extraLarge-rtl`), never by a counter.
///
/// Used by `expectGolden(of:matrix:…)` and, with swift-snapshot-testing, by WeftSnapshotTesting's
/// `assertSnapshots(of:matrix:…)`. A cell's traits are the device's, overlaid by `traits` (for
/// example `.init(displayScale: 1)` for small goldens), then by the cell's style, text size and
/// direction. At most `WeftLimits.maximumMatrixCombinations` cells, and none of the dimensions
/// empty: `problem` and `checkedCells()` refuse other matrices before anything is rendered.
/// Sendable value; use from any context.
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
        // Reported as soon as it is made, as well as refused when rendered (`problem`).
        if let error = sizeError {
            WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "SnapshotMatrix", message: "\(error)"))
        }
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

    /// How many cells the matrix has (devices × styles × text sizes × directions), `Int.max` if
    /// that overflows.
    public var combinationCount: Int {
        [devices.count, styles.count, contentSizes.count, directions.count].reduce(1) { product, factor in
            let (result, overflow) = product.multipliedReportingOverflow(by: factor)
            return overflow ? Int.max : result
        }
    }

    /// "180 devices × 2 styles × 45 contentSizes × 2 directions".
    var factors: String {
        "\(devices.count) devices × \(styles.count) styles × \(contentSizes.count) contentSizes × \(directions.count) directions"
    }

    /// Every cell, devices outermost, directions innermost. A matrix past
    /// `WeftLimits.maximumMatrixCombinations` gives its first that many cells, and an empty
    /// dimension none, each reported; `problem` and `checkedCells()` refuse them instead.
    public var cells: [Cell] {
        if let error = sizeError {
            WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "SnapshotMatrix", message: "\(error)"))
        }
        var cells: [Cell] = []
        for device in devices {
            let deviceName = Self.name(of: device)
            for style in styles {
                for size in contentSizes {
                    for direction in directions {
                        guard cells.count < WeftLimits.maximumMatrixCombinations else { return cells }
                        let traits = UITraitCollection(traitsFrom: [
                            self.traits, .init(userInterfaceStyle: style), .init(preferredContentSizeCategory: size),
                            .init(layoutDirection: direction),
                        ])
                        let name = [deviceName, Self.name(of: style), Self.name(of: size), Self.name(of: direction)].joined(separator: "-")
                        cells.append(Cell(device: device, traits: traits, name: name))
                    }
                }
            }
        }
        return cells
    }

    /// Every cell, or the error that `problem` describes: an empty dimension, more cells than
    /// `WeftLimits.maximumMatrixCombinations`, a device with an empty name, a cell name too long
    /// for a file, or two cells named alike. Checked before anything is rendered.
    public func checkedCells() throws(SnapshotMatrixError) -> [Cell] {
        if let error = sizeError { throw error }
        for (index, device) in devices.enumerated() where device.name?.isEmpty == true {
            throw .emptyDeviceName(index: index)
        }
        let cells = self.cells
        var seen = Set<String>()
        for cell in cells {
            // The longest file a cell makes: "<cell>@<scale>x.png" (swift-snapshot-testing: "<test>.<cell>.png").
            let bytes = cell.name.utf8.count + "@10x.png".utf8.count
            if bytes > GoldenName.maximumComponentBytes { throw .nameTooLong(cell.name, bytes: bytes) }
            if !seen.insert(cell.name).inserted { throw .duplicateName(cell.name) }
        }
        return cells
    }

    /// The problem with the matrix (see `checkedCells()`), naming the empty dimension, the count
    /// and its factors, or the name at fault; nil when it can be rendered.
    public var problem: String? {
        do {
            _ = try checkedCells()
            return nil
        } catch {
            return error.description
        }
    }

    /// An empty dimension, or more cells than the limit: found from the counts alone.
    private var sizeError: SnapshotMatrixError? {
        for (dimension, count) in [("devices", devices.count), ("styles", styles.count), ("contentSizes", contentSizes.count),
                                   ("directions", directions.count)] where count == 0 {
            return .emptyDimension(dimension)
        }
        let count = combinationCount
        if count > WeftLimits.maximumMatrixCombinations { return .tooManyCombinations(count: count, factors: factors) }
        return nil
    }

    /// The device's part of a cell's name: its `name` as one file-name component (sanitised and
    /// reported, see `GoldenName`), else `custom-<width>x<height>`.
    static func name(of device: ViewImageConfig) -> String {
        if let name = device.name { return GoldenName.component(name, what: "device name") }
        guard let size = device.size else { return "custom" }
        return "custom-\(GoldenName.sanitized(String(format: "%gx%g", size.width, size.height)))"
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
        return names[size] ?? GoldenName.component(size.rawValue, what: "content size category")
    }
}
