import Foundation

// The devices swift-snapshot-testing names, with its numbers (Sources/SnapshotTesting/Common/
// View.swift, 1.19): Apple's screen sizes in points, the safe areas the simulators report, and the
// size classes and traits its `UITraitCollection.iPhone13(_:)`-style helpers give. Scales are
// Apple's (swift-snapshot-testing leaves them to the simulator). Phones default to portrait,
// iPads to landscape, as there.

extension ViewImageConfig {
    public static let iPhoneSe = iPhoneSe(.portrait)
    /// The first iPhone SE (4-inch): 320×568, @2x.
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhoneSe", orientation, width: 320, height: 568, portrait: statusBar, landscape: .zero, scale: 2)
    }

    public static let iPhone8 = iPhone8(.portrait)
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone8", orientation, width: 375, height: 667, portrait: statusBar, landscape: .zero, scale: 2)
    }

    public static let iPhone8Plus = iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone8Plus", orientation, width: 414, height: 736, portrait: statusBar, landscape: .zero, scale: 3, wideInLandscape: true)
    }

    public static let iPhoneX = iPhoneX(.portrait)
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhoneX", orientation, width: 375, height: 812, portrait: notch44, landscape: notch44Landscape, scale: 3)
    }

    public static let iPhoneXsMax = iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhoneXsMax", orientation, width: 414, height: 896, portrait: notch44, landscape: notch44Landscape, scale: 3, wideInLandscape: true)
    }

    public static let iPhoneXr = iPhoneXr(.portrait)
    /// The iPhone XR: the XS Max's points at @2x, and no 3D Touch.
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhoneXr", orientation, width: 414, height: 896, portrait: notch44, landscape: notch44Landscape, scale: 2, wideInLandscape: true,
              forceTouch: .unavailable)
    }

    public static let iPhone12 = iPhone12(.portrait)
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone12", orientation, width: 390, height: 844, portrait: notch47, landscape: notch47Landscape, scale: 3)
    }

    public static let iPhone12Pro = iPhone12Pro(.portrait)
    /// The same screen as the iPhone 12.
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig {
        iPhone12(orientation).named(orientation == .portrait ? "iPhone12Pro" : "iPhone12Pro-landscape")
    }

    public static let iPhone12ProMax = iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone12ProMax", orientation, width: 428, height: 926, portrait: notch47, landscape: notch47Landscape, scale: 3, wideInLandscape: true)
    }

    public static let iPhone13 = iPhone13(.portrait)
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone13", orientation, width: 390, height: 844, portrait: notch47, landscape: notch47Landscape, scale: 3)
    }

    public static let iPhone13Mini = iPhone13Mini(.portrait)
    /// The iPhone 13 mini: the iPhone X's points, with its taller (50 pt) notch.
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone13Mini", orientation, width: 375, height: 812, portrait: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0),
              landscape: UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50), scale: 3)
    }

    public static let iPhone13Pro = iPhone13Pro(.portrait)
    /// The same screen as the iPhone 13.
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig {
        iPhone13(orientation).named(orientation == .portrait ? "iPhone13Pro" : "iPhone13Pro-landscape")
    }

    public static let iPhone13ProMax = iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone("iPhone13ProMax", orientation, width: 428, height: 926, portrait: notch47, landscape: notch47Landscape, scale: 3, wideInLandscape: true)
    }

    // MARK: iPads

    public static let iPadMini = iPadMini(.landscape)
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig { iPadMini(TabletOrientation(orientation)) }
    /// The iPad mini (7.9-inch), 1024×768, in Split View as well.
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad("iPadMini", orientation, long: 1024, short: 768, safeArea: statusBar,
            landscapeSplits: (320, 507, 694), portraitSplits: (320, 438))
    }

    public static let iPad9_7 = iPad9_7(.landscape)
    /// The 9.7-inch iPad: the iPad mini's points.
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { iPad9_7(TabletOrientation(orientation)) }
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig {
        let config = iPadMini(orientation)
        return config.named(config.name!.replacingOccurrences(of: "iPadMini", with: "iPad9_7"))
    }

    public static let iPad10_2 = iPad10_2(.landscape)
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig { iPad10_2(TabletOrientation(orientation)) }
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad("iPad10_2", orientation, long: 1080, short: 810, safeArea: statusBar,
            landscapeSplits: (320, 535, 750), portraitSplits: (320, 480))
    }

    public static let iPadPro10_5 = iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig { iPadPro10_5(TabletOrientation(orientation)) }
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad("iPadPro10_5", orientation, long: 1112, short: 834, safeArea: statusBar,
            landscapeSplits: (320, 551, 782), portraitSplits: (320, 504))
    }

    public static let iPadPro11 = iPadPro11(.landscape)
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig { iPadPro11(TabletOrientation(orientation)) }
    /// The 11-inch iPad Pro, whose rounded screen has a home indicator (20 pt) and a 24 pt status bar.
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad("iPadPro11", orientation, long: 1194, short: 834, safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
            landscapeSplits: (375, 592, 809), portraitSplits: (320, 504))
    }

    public static let iPadPro12_9 = iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig { iPadPro12_9(TabletOrientation(orientation)) }
    /// The 12.9-inch iPad Pro; its half of a landscape Split View is wide enough to stay regular.
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad("iPadPro12_9", orientation, long: 1366, short: 1024, safeArea: statusBar,
            landscapeSplits: (375, 678, 981), portraitSplits: (375, 639), regularHalf: true)
    }

    /// The safe area with the status bar hidden or not: a named device whose top inset is the
    /// status bar's loses it when hidden; a notch, and a configuration made by hand, keep theirs.
    func safeArea(statusBarHidden: Bool) -> UIEdgeInsets {
        guard statusBarHidden, name != nil, safeArea.top == Self.statusBar.top else { return safeArea }
        var insets = safeArea
        insets.top = 0
        return insets
    }

    // MARK: Building blocks

    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    private static let notch44 = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    private static let notch44Landscape = UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44)
    private static let notch47 = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    private static let notch47Landscape = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)

    /// A phone: `width`×`height` in portrait. Every phone is compact-width in portrait and
    /// compact-height in landscape; the large ones (`wideInLandscape`) are regular-width there.
    private static func phone(_ name: String, _ orientation: Orientation, width: CGFloat, height: CGFloat, portrait: UIEdgeInsets,
                              landscape: UIEdgeInsets, scale: CGFloat, wideInLandscape: Bool = false,
                              forceTouch: UIForceTouchCapability = .available) -> ViewImageConfig {
        let portraitOrientation = orientation == .portrait
        let traits = UITraitCollection(traitsFrom: [
            .init(forceTouchCapability: forceTouch), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .phone), .init(displayScale: scale),
            .init(horizontalSizeClass: portraitOrientation || !wideInLandscape ? .compact : .regular),
            .init(verticalSizeClass: portraitOrientation ? .regular : .compact),
        ])
        return ViewImageConfig(safeArea: portraitOrientation ? portrait : landscape,
                               size: portraitOrientation ? CGSize(width: width, height: height) : CGSize(width: height, height: width),
                               traits: traits, name: portraitOrientation ? name : name + "-landscape")
    }

    /// An iPad, @2x, regular in both directions unless Split View leaves it a compact width: a
    /// third, a half (but for `regularHalf`), or two thirds in portrait.
    private static func pad(_ name: String, _ orientation: TabletOrientation, long: CGFloat, short: CGFloat, safeArea: UIEdgeInsets,
                            landscapeSplits: (oneThird: CGFloat, oneHalf: CGFloat, twoThirds: CGFloat),
                            portraitSplits: (oneThird: CGFloat, twoThirds: CGFloat), regularHalf: Bool = false) -> ViewImageConfig {
        let size: CGSize, compact: Bool, suffix: String
        switch orientation {
        case .landscape(.full): (size, compact, suffix) = (CGSize(width: long, height: short), false, "")
        case .landscape(.twoThirds): (size, compact, suffix) = (CGSize(width: landscapeSplits.twoThirds, height: short), false, "-landscape-twoThirds")
        case .landscape(.oneHalf): (size, compact, suffix) = (CGSize(width: landscapeSplits.oneHalf, height: short), !regularHalf, "-landscape-oneHalf")
        case .landscape(.oneThird): (size, compact, suffix) = (CGSize(width: landscapeSplits.oneThird, height: short), true, "-landscape-oneThird")
        case .portrait(.full): (size, compact, suffix) = (CGSize(width: short, height: long), false, "-portrait")
        case .portrait(.twoThirds): (size, compact, suffix) = (CGSize(width: portraitSplits.twoThirds, height: long), true, "-portrait-twoThirds")
        case .portrait(.oneThird): (size, compact, suffix) = (CGSize(width: portraitSplits.oneThird, height: long), true, "-portrait-oneThird")
        }
        let traits = UITraitCollection(traitsFrom: [
            .init(horizontalSizeClass: compact ? .compact : .regular), .init(verticalSizeClass: .regular),
            .init(userInterfaceIdiom: .pad), .init(displayScale: 2),
        ])
        return ViewImageConfig(safeArea: safeArea, size: size, traits: traits, name: name + suffix)
    }
}

extension ViewImageConfig.TabletOrientation {
    /// The whole screen in `orientation`, as swift-snapshot-testing's `iPadMini(.landscape)` means.
    init(_ orientation: ViewImageConfig.Orientation) {
        self = orientation == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full)
    }
}
