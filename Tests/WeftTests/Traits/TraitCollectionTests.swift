import Foundation
import Synchronization
import Testing
import Weft

/// UIKit's trait collection and Texture's trait structs: defaults, merging, conversion.
@Suite struct TraitCollectionTests {
    @Test func texturesDefaultsAreAllUnspecified() {
        let traits = ASPrimitiveTraitCollectionMakeDefault()
        #expect(traits.horizontalSizeClass == .unspecified && traits.verticalSizeClass == .unspecified)
        #expect(traits.displayScale == 0 && traits.containerSize == .zero)
        #expect(traits.userInterfaceIdiom == .unspecified && traits.forceTouchCapability == .unknown)
        #expect(traits.layoutDirection == .unspecified && traits.userInterfaceStyle == .unspecified)
        #expect(traits.preferredContentSizeCategory == .unspecified && traits.displayGamut == .unspecified)
        #expect(traits.userInterfaceLevel == .unspecified && traits.accessibilityContrast == .unspecified && traits.legibilityWeight == .unspecified)
    }

    @Test func uikitsRawValues() {
        #expect(UIUserInterfaceSizeClass.compact.rawValue == 1 && UIUserInterfaceSizeClass.regular.rawValue == 2)
        #expect(UIUserInterfaceIdiom.unspecified.rawValue == -1 && UIUserInterfaceIdiom.phone.rawValue == 0 && UIUserInterfaceIdiom.pad.rawValue == 1)
        #expect(UITraitEnvironmentLayoutDirection.rightToLeft.rawValue == 1 && UITraitEnvironmentLayoutDirection.unspecified.rawValue == -1)
        #expect(UIUserInterfaceStyle.dark.rawValue == 2)
    }

    @Test func traitsFromTakesEachTraitFromTheLastThatSpecifiesIt() {
        let merged = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 3),
            UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(userInterfaceStyle: .light),
            UITraitCollection(),
        ])
        #expect(merged.userInterfaceStyle == .light && merged.displayScale == 3 && merged.horizontalSizeClass == .compact)
        #expect(merged.verticalSizeClass == .unspecified && merged.layoutDirection == .unspecified)
        #expect(merged == UITraitCollection(traitsFrom: [UITraitCollection(displayScale: 3), UITraitCollection(horizontalSizeClass: .compact),
                                                         UITraitCollection(userInterfaceStyle: .light)]))
        #expect(merged.containsTraits(in: UITraitCollection(displayScale: 3)))
        #expect(!merged.containsTraits(in: UITraitCollection(displayScale: 2)))
        #expect(merged.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(!merged.hasDifferentColorAppearance(comparedTo: UITraitCollection(traitsFrom: [merged, UITraitCollection(displayScale: 1)])))
    }

    @Test func primitiveAndUIKitCollectionsConvertBothWays() {
        var traits = ASPrimitiveTraitCollectionMakeDefault()
        traits.userInterfaceStyle = .dark
        traits.layoutDirection = .rightToLeft
        traits.preferredContentSizeCategory = .accessibilityLarge
        traits.containerSize = CGSize(width: 390, height: 844)
        let uikit = ASPrimitiveTraitCollectionToUITraitCollection(traits)
        #expect(uikit.userInterfaceStyle == .dark && uikit.layoutDirection == .rightToLeft && uikit.preferredContentSizeCategory == .accessibilityLarge)
        var back = ASPrimitiveTraitCollectionFromUITraitCollection(uikit)
        #expect(back.containerSize == .zero, "UIKit has no container size")
        back.containerSize = traits.containerSize
        #expect(ASPrimitiveTraitCollectionIsEqualToASPrimitiveTraitCollection(back, traits))
        let object = ASTraitCollection(asPrimitiveTraitCollection: traits)
        #expect(object.containerSize == CGSize(width: 390, height: 844) && object.userInterfaceStyle == .dark)
        #expect(object.isEqual(to: ASTraitCollection.traitCollection(with: traits)))
        #expect(NSStringFromASPrimitiveTraitCollection(traits).contains("userInterfaceStyle = dark"))
    }

    @Test func currentIsPerThreadAndRestoredAfterPerformAsCurrent() async {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        dark.performAsCurrent {
            #expect(UITraitCollection.current.userInterfaceStyle == .dark)
            let other = Thread.detachNewThreadAndWait { UITraitCollection.current.userInterfaceStyle }
            #expect(other == .unspecified, "another thread keeps its own")
        }
        #expect(UITraitCollection.current.userInterfaceStyle != .dark)
    }
}

extension Thread {
    /// Runs `body` on a fresh thread and waits for its result.
    static func detachNewThreadAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.withLock { $0 = body() }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}

/// A node that records its trait changes and builds its text from its traits, as Texture apps do.
final class TraitReadingNode: ASDisplayNode {
    let changes = Mutex<[ASPrimitiveTraitCollection]>([])
    let seenInLayout = Mutex<UIContentSizeCategory?>(nil)
    let text = ASTextNode()

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func asyncTraitCollectionDidChange(withPreviousTraitCollection previousTraitCollection: ASPrimitiveTraitCollection) {
        super.asyncTraitCollectionDidChange(withPreviousTraitCollection: previousTraitCollection)
        changes.withLock { $0.append(previousTraitCollection) }
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        seenInLayout.withLock { $0 = UITraitCollection.current.preferredContentSizeCategory }
        // Without traits given, preferredFont follows the node's traits (current while it lays out).
        text.attributedText = NSAttributedString(string: "Hello", attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])
        return ASWrapperLayoutSpec(layoutElement: text)
    }
}

@Suite struct NodeTraitTests {
    @Test func propagateDownReachesEverySubnodeAndCallsTheHookOncePerChange() {
        let root = TraitReadingNode(), child = TraitReadingNode(), grandchild = TraitReadingNode()
        root.addSubnode(child)
        child.addSubnode(grandchild)
        let dark = ASPrimitiveTraitCollection(userInterfaceStyle: .dark)
        ASTraitCollectionPropagateDown(root, dark)
        ASTraitCollectionPropagateDown(root, dark)
        for node in [root, child, grandchild] {
            #expect(node.primitiveTraitCollection() == dark)
            #expect(node.asyncTraitCollection().userInterfaceStyle == .dark)
            #expect(node.changes.withLock { $0.count } == 1, "the same traits again are no change")
        }
        #expect(grandchild.changes.withLock { $0.first } == ASPrimitiveTraitCollectionMakeDefault())
    }

    @Test func propagationThroughASpecThatContainsItselfEnds() {
        let spec = ASStackLayoutSpec.vertical()
        let node = ASDisplayNode()
        spec.children = [node, spec]
        ASTraitCollectionPropagateDown(spec, ASPrimitiveTraitCollection(userInterfaceStyle: .dark))
        #expect(spec.primitiveTraitCollection().userInterfaceStyle == .dark)
        #expect(node.primitiveTraitCollection().userInterfaceStyle == .dark)
        spec.children = []
    }

    @Test func aNaNScaleStillEqualsItself() {
        // A NaN scale is repaired to 0 (unspecified) where traits enter; the same traits given
        // again are no change, and `==` still holds NaN equal to NaN for values made by hand.
        let node = TraitReadingNode()
        ASTraitCollectionPropagateDown(node, ASPrimitiveTraitCollection(displayScale: .nan, userInterfaceStyle: .dark))
        ASTraitCollectionPropagateDown(node, ASPrimitiveTraitCollection(displayScale: .nan, userInterfaceStyle: .dark))
        #expect(node.changes.withLock { $0.count } == 1)
        #expect(node.primitiveTraitCollection().displayScale == 0)
        #expect(ASPrimitiveTraitCollection(displayScale: .nan) == ASPrimitiveTraitCollection(displayScale: .nan))
    }

    @Test func setPrimitiveTraitCollectionSetsOnlyThatNode() {
        let root = ASDisplayNode(), child = ASDisplayNode()
        root.addSubnode(child)
        root.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(displayScale: 3))
        #expect(root.primitiveTraitCollection().displayScale == 3)
        #expect(child.primitiveTraitCollection().displayScale == 0)
    }

    @Test func anAddedSubtreeTakesItsNewSupernodesTraits() {
        let root = ASDisplayNode()
        root.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(layoutDirection: .rightToLeft))
        let child = ASDisplayNode(), grandchild = ASDisplayNode()
        child.addSubnode(grandchild)
        root.addSubnode(child)
        #expect(child.primitiveTraitCollection().layoutDirection == .rightToLeft)
        #expect(grandchild.primitiveTraitCollection().layoutDirection == .rightToLeft)
    }

    @Test func layoutRunsWithTheNodesTraitsAndHandsThemToItsSpecsElements() {
        let node = TraitReadingNode()
        let large = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 300, height: 300))).size
        #expect(node.seenInLayout.withLock { $0 } == .unspecified)
        ASTraitCollectionPropagateDown(node, ASPrimitiveTraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge))
        let huge = node.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 300, height: 300))).size
        #expect(node.seenInLayout.withLock { $0 } == .accessibilityExtraExtraExtraLarge)
        #expect(huge.height > large.height * 2, "53 pt text against 17 pt: \(huge) vs \(large)")
        #expect(node.text.primitiveTraitCollection().preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
    }

    @Test func anAppearanceChangeRedrawsTheNode() throws {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        node.displayBlock = { _, context, _ in
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10),
                         with: UITraitCollection.current.userInterfaceStyle == .dark ? .black : .white)
        }
        let light = try node.renderBitmap(scale: 1)
        ASTraitCollectionPropagateDown(node, ASPrimitiveTraitCollection(userInterfaceStyle: .dark))
        let dark = try node.renderBitmap(scale: 1)
        #expect(light.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
        #expect(dark.pixel(x: 5, y: 5) == 0xFF00_0000)
    }
}

@MainActor @Suite struct CollectionTraitTests {
    @Test func cellsAreMadeWithTheCollectionsTraitsAndFollowAChange() throws {
        let fixture = BoxCollection(viewport: CGSize(width: 100, height: 100), counts: [4]) { _ in CGSize(width: 100, height: 20) }
        fixture.node.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(userInterfaceStyle: .dark))
        _ = try fixture.node.snapshot(scale: 1)
        let cells = fixture.node.visibleNodes
        #expect(!cells.isEmpty)
        #expect(cells.allSatisfy { $0.primitiveTraitCollection().userInterfaceStyle == .dark })
        fixture.node.setPrimitiveTraitCollection(ASPrimitiveTraitCollection(userInterfaceStyle: .light))
        #expect(cells.allSatisfy { $0.primitiveTraitCollection().userInterfaceStyle == .light })
    }
}

@MainActor @Suite struct ControllerTraitTests {
    final class Controller: ASDKViewController<ASDisplayNode> {
        var changes: [UITraitCollection?] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            changes.append(previousTraitCollection)
        }
    }

    @Test func aControllerHandsItsTraitsAndViewSizeToItsNodes() {
        let node = ASDisplayNode(), child = ASDisplayNode()
        node.addSubnode(child)
        let controller = Controller(node: node)
        controller.hostTraitCollection = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 3)])
        controller.layout(in: CGSize(width: 390, height: 844))
        let traits = child.primitiveTraitCollection()
        #expect(traits.userInterfaceStyle == .dark && traits.displayScale == 3)
        #expect(traits.containerSize == CGSize(width: 390, height: 844))
        #expect(controller.changes.count == 1)
    }

    @Test func overrideDisplayTraitsReplacesTheControllersTraits() {
        let node = ASDisplayNode()
        let controller = Controller(node: node)
        controller.overrideDisplayTraitsWithTraitCollection = { traits in
            #expect(traits.horizontalSizeClass == .compact)
            return ASTraitCollection(asPrimitiveTraitCollection: ASPrimitiveTraitCollection(horizontalSizeClass: .regular))
        }
        controller.hostTraitCollection = UITraitCollection(horizontalSizeClass: .compact)
        controller.layout(in: CGSize(width: 100, height: 100))
        #expect(node.primitiveTraitCollection().horizontalSizeClass == .regular)
        #expect(node.primitiveTraitCollection().containerSize == CGSize(width: 100, height: 100))
    }

    @Test func aParentsOverrideReachesItsChild() {
        let parent = UIViewController(), child = Controller(node: ASDisplayNode())
        parent.hostTraitCollection = UITraitCollection(userInterfaceStyle: .light)
        parent.addChild(child)
        parent.setOverrideTraitCollection(UITraitCollection(preferredContentSizeCategory: .extraSmall), forChild: child)
        #expect(child.traitCollection.userInterfaceStyle == .light)
        #expect(child.traitCollection.preferredContentSizeCategory == .extraSmall)
        #expect(child.changes.count == 2, "added, then overridden")
    }
}
