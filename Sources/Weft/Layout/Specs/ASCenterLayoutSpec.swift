import Foundation

/// Which axes a center spec centres on; Texture's `ASCenterLayoutSpecCenteringOptions`.
public struct ASCenterLayoutSpecCenteringOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let none: ASCenterLayoutSpecCenteringOptions = []
    public static let X = ASCenterLayoutSpecCenteringOptions(rawValue: 1 << 0)
    public static let Y = ASCenterLayoutSpecCenteringOptions(rawValue: 1 << 1)
    public static let XY: ASCenterLayoutSpecCenteringOptions = [.X, .Y]
}

/// How a center spec sizes itself; Texture's `ASCenterLayoutSpecSizingOptions`.
public struct ASCenterLayoutSpecSizingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let `default`: ASCenterLayoutSpecSizingOptions = []
    public static let minimumX = ASCenterLayoutSpecSizingOptions(rawValue: 1 << 0)
    public static let minimumY = ASCenterLayoutSpecSizingOptions(rawValue: 1 << 1)
    public static let minimumXY: ASCenterLayoutSpecSizingOptions = [.minimumX, .minimumY]
}

/// Centres its child on the chosen axes; Texture's `ASCenterLayoutSpec`, a relative spec with
/// centre positions. An axis that is not centred gives the child the range's minimum there.
/// Configure on one thread, then lay out from any.
open class ASCenterLayoutSpec: ASRelativeLayoutSpec {
    public var centeringOptions: ASCenterLayoutSpecCenteringOptions {
        didSet {
            horizontalPosition = centeringOptions.contains(.X) ? .center : .none
            verticalPosition = centeringOptions.contains(.Y) ? .center : .none
        }
    }

    public var sizingOptions: ASCenterLayoutSpecSizingOptions {
        didSet { sizingOption = ASRelativeLayoutSpecSizingOption(rawValue: sizingOptions.rawValue) }
    }

    public init(centeringOptions: ASCenterLayoutSpecCenteringOptions, sizingOptions: ASCenterLayoutSpecSizingOptions, child: any ASLayoutElement) {
        self.centeringOptions = centeringOptions
        self.sizingOptions = sizingOptions
        super.init(horizontalPosition: centeringOptions.contains(.X) ? .center : .none,
                   verticalPosition: centeringOptions.contains(.Y) ? .center : .none,
                   sizingOption: ASRelativeLayoutSpecSizingOption(rawValue: sizingOptions.rawValue), child: child)
    }
}
