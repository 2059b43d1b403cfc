import Foundation
import Testing
import Weft

/// The devices against swift-snapshot-testing's numbers (View.swift, 1.19) and Apple's scales.
@Suite struct ViewImageConfigTests {
    struct Expected {
        let config: ViewImageConfig
        let name: String
        let size: CGSize
        let safeArea: UIEdgeInsets
        let scale: CGFloat
        let horizontal: UIUserInterfaceSizeClass
        let vertical: UIUserInterfaceSizeClass
        let idiom: UIUserInterfaceIdiom
    }

    static func insets(_ t: CGFloat, _ l: CGFloat, _ b: CGFloat, _ r: CGFloat) -> UIEdgeInsets { UIEdgeInsets(top: t, left: l, bottom: b, right: r) }

    static let expected: [Expected] = [
        Expected(config: .iPhoneSe, name: "iPhoneSe", size: CGSize(width: 320, height: 568), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhoneSe(.landscape), name: "iPhoneSe-landscape", size: CGSize(width: 568, height: 320), safeArea: .zero, scale: 2, horizontal: .compact, vertical: .compact, idiom: .phone),
        Expected(config: .iPhone8, name: "iPhone8", size: CGSize(width: 375, height: 667), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone8Plus(.landscape), name: "iPhone8Plus-landscape", size: CGSize(width: 736, height: 414), safeArea: .zero, scale: 3, horizontal: .regular, vertical: .compact, idiom: .phone),
        Expected(config: .iPhoneX, name: "iPhoneX", size: CGSize(width: 375, height: 812), safeArea: insets(44, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhoneX(.landscape), name: "iPhoneX-landscape", size: CGSize(width: 812, height: 375), safeArea: insets(0, 44, 24, 44), scale: 3, horizontal: .compact, vertical: .compact, idiom: .phone),
        Expected(config: .iPhoneXr, name: "iPhoneXr", size: CGSize(width: 414, height: 896), safeArea: insets(44, 0, 34, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhoneXsMax(.landscape), name: "iPhoneXsMax-landscape", size: CGSize(width: 896, height: 414), safeArea: insets(0, 44, 24, 44), scale: 3, horizontal: .regular, vertical: .compact, idiom: .phone),
        Expected(config: .iPhone12, name: "iPhone12", size: CGSize(width: 390, height: 844), safeArea: insets(47, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone12Pro, name: "iPhone12Pro", size: CGSize(width: 390, height: 844), safeArea: insets(47, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone12ProMax, name: "iPhone12ProMax", size: CGSize(width: 428, height: 926), safeArea: insets(47, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone13, name: "iPhone13", size: CGSize(width: 390, height: 844), safeArea: insets(47, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone13(.landscape), name: "iPhone13-landscape", size: CGSize(width: 844, height: 390), safeArea: insets(0, 47, 21, 47), scale: 3, horizontal: .compact, vertical: .compact, idiom: .phone),
        Expected(config: .iPhone13Mini, name: "iPhone13Mini", size: CGSize(width: 375, height: 812), safeArea: insets(50, 0, 34, 0), scale: 3, horizontal: .compact, vertical: .regular, idiom: .phone),
        Expected(config: .iPhone13Pro(.landscape), name: "iPhone13Pro-landscape", size: CGSize(width: 844, height: 390), safeArea: insets(0, 47, 21, 47), scale: 3, horizontal: .compact, vertical: .compact, idiom: .phone),
        Expected(config: .iPhone13ProMax(.landscape), name: "iPhone13ProMax-landscape", size: CGSize(width: 926, height: 428), safeArea: insets(0, 47, 21, 47), scale: 3, horizontal: .regular, vertical: .compact, idiom: .phone),
        Expected(config: .iPadMini, name: "iPadMini", size: CGSize(width: 1024, height: 768), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPadMini(.portrait), name: "iPadMini-portrait", size: CGSize(width: 768, height: 1024), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPad9_7, name: "iPad9_7", size: CGSize(width: 1024, height: 768), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPad10_2, name: "iPad10_2", size: CGSize(width: 1080, height: 810), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPadPro10_5(.portrait(splitView: .twoThirds)), name: "iPadPro10_5-portrait-twoThirds", size: CGSize(width: 504, height: 1112), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .pad),
        Expected(config: .iPadPro11, name: "iPadPro11", size: CGSize(width: 1194, height: 834), safeArea: insets(24, 0, 20, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPadPro11(.landscape(splitView: .oneThird)), name: "iPadPro11-landscape-oneThird", size: CGSize(width: 375, height: 834), safeArea: insets(24, 0, 20, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .pad),
        Expected(config: .iPadPro12_9, name: "iPadPro12_9", size: CGSize(width: 1366, height: 1024), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPadPro12_9(.landscape(splitView: .oneHalf)), name: "iPadPro12_9-landscape-oneHalf", size: CGSize(width: 678, height: 1024), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .regular, vertical: .regular, idiom: .pad),
        Expected(config: .iPadMini(.landscape(splitView: .oneHalf)), name: "iPadMini-landscape-oneHalf", size: CGSize(width: 507, height: 768), safeArea: insets(20, 0, 0, 0), scale: 2, horizontal: .compact, vertical: .regular, idiom: .pad),
    ]

    @Test(arguments: expected.indices) func deviceValues(_ index: Int) {
        let e = Self.expected[index]
        #expect(e.config.name == e.name)
        #expect(e.config.size == e.size, "\(e.name)")
        #expect(e.config.safeArea == e.safeArea, "\(e.name)")
        #expect(e.config.traits.displayScale == e.scale, "\(e.name)")
        #expect(e.config.traits.horizontalSizeClass == e.horizontal, "\(e.name)")
        #expect(e.config.traits.verticalSizeClass == e.vertical, "\(e.name)")
        #expect(e.config.traits.userInterfaceIdiom == e.idiom, "\(e.name)")
    }

    @Test func phonesCarrySwiftSnapshotTestingsOtherTraits() {
        #expect(ViewImageConfig.iPhone13.traits.preferredContentSizeCategory == .medium)
        #expect(ViewImageConfig.iPhone13.traits.layoutDirection == .leftToRight)
        #expect(ViewImageConfig.iPhone13.traits.forceTouchCapability == .available)
        #expect(ViewImageConfig.iPhoneXr.traits.forceTouchCapability == .unavailable)
    }

    @Test func userTraitsOverlayTheDevicesAndSetTheScale() {
        let merged = ViewImageConfig.iPhone13.traits(overriddenBy: UITraitCollection(traitsFrom: [.init(displayScale: 1), .init(userInterfaceStyle: .dark)]))
        #expect(merged.displayScale == 1)
        #expect(merged.userInterfaceStyle == .dark)
        #expect(merged.userInterfaceIdiom == .phone)
        #expect(ViewImageConfig.scale(for: merged) == 1)
        #expect(ViewImageConfig.scale(for: ViewImageConfig.iPhone13.traits) == 3)
    }
}
