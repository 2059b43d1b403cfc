import Foundation
import Testing
import Weft

/// A controller rendered on a device lays its node out inside the device's safe area, as a
/// Texture app that reads `safeAreaInsets` in its layout spec expects.
@MainActor
@Suite struct SafeAreaTests {
    /// A screen whose content is inset by the node's safe area, as Texture apps write it.
    final class Screen: ASDKViewController<ASDisplayNode> {
        let content = ASDisplayNode()
        var insetChanges = 0

        override init() {
            super.init(node: ASDisplayNode())
            content.backgroundColor = .red
            node.backgroundColor = .white
            node.automaticallyManagesSubnodes = true
            node.automaticallyRelayoutOnSafeAreaChanges = true
            node.layoutSpecBlock = { [content] node, _ in
                ASInsetLayoutSpec(insets: node.safeAreaInsets, child: content)
            }
        }

        required init?(coder: NSCoder) { nil }

        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            insetChanges += 1
        }
    }

    @Test func contentSitsBelowTheNotchOnAnIPhoneX() throws {
        let screen = Screen()
        let bitmap = try screen.renderBitmap(on: .iPhoneX, traits: .init(displayScale: 1))
        #expect(bitmap.pixelWidth == 375 && bitmap.pixelHeight == 812)
        #expect(screen.node.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(screen.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(screen.content.frame == CGRect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
        #expect(screen.insetChanges == 1)
        // The notch's rows are the background's, the content's start below it.
        #expect(bitmap.pixel(x: 10, y: 43) == 0xFFFF_FFFF)
        #expect(bitmap.pixel(x: 10, y: 44) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 10, y: 812 - 34) == 0xFFFF_FFFF)
    }

    /// A controller that hides the status bar has no top inset where the status bar was the
    /// only one; a notch keeps its inset, as on iOS.
    @Test func hidingTheStatusBarTakesItsInsetOnly() throws {
        final class Hiding: ASDKViewController<ASDisplayNode> {
            override var prefersStatusBarHidden: Bool { true }
        }
        let plain = Hiding(node: ASDisplayNode())
        _ = try plain.renderBitmap(on: .iPhoneSe, traits: .init(displayScale: 1))
        #expect(plain.node.safeAreaInsets == .zero)
        let notched = Hiding(node: ASDisplayNode())
        _ = try notched.renderBitmap(on: .iPhoneX, traits: .init(displayScale: 1))
        #expect(notched.node.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    }

    @Test func anIPhoneSEOnlyHasItsStatusBar() throws {
        let screen = Screen()
        _ = try screen.renderBitmap(on: .iPhoneSe, traits: .init(displayScale: 1))
        #expect(screen.content.frame == CGRect(x: 0, y: 20, width: 320, height: 548))
        _ = try screen.renderBitmap(on: .iPhoneSe(.landscape), traits: .init(displayScale: 1))
        #expect(screen.content.frame == CGRect(x: 0, y: 0, width: 568, height: 320))
    }

    @Test func additionalInsetsAddToTheDevicesAndRelayout() throws {
        let screen = Screen()
        _ = try screen.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(screen.content.frame.minY == 47)
        screen.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0)
        #expect(screen.insetChanges == 2)
        _ = try screen.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(screen.content.frame == CGRect(x: 5, y: 57, width: 385, height: 844 - 57 - 34))
    }

    @Test func aSubnodeGetsThePartOfItsSupernodesSafeAreaItLiesUnder() throws {
        let root = ASDisplayNode()
        let top = ASDisplayNode(), middle = ASDisplayNode()
        root.addSubnode(top)
        root.addSubnode(middle)
        root.layoutSpecBlock = { _, _ in
            top.style.preferredSize = CGSize(width: 390, height: 100)
            middle.style.preferredSize = CGSize(width: 390, height: 100)
            return ASStackLayoutSpec(direction: .vertical, spacing: 20, justifyContent: .start, alignItems: .start, children: [top, middle])
        }
        _ = try root.renderBitmap(on: .iPhone13, traits: .init(displayScale: 1))
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(ASDisplayNode().safeAreaInsets == .zero)
        #expect(ASDisplayNode().insetsLayoutMarginsFromSafeArea)
        #expect(!ASDisplayNode().automaticallyRelayoutOnSafeAreaChanges)
    }

    @Test func theDevicesTraitsReachTheNodeTree() throws {
        let screen = Screen()
        _ = try screen.renderBitmap(on: .iPadPro11(.portrait), traits: .init(userInterfaceStyle: .dark))
        let traits = screen.content.primitiveTraitCollection()
        #expect(traits.userInterfaceIdiom == .pad)
        #expect(traits.horizontalSizeClass == .regular)
        #expect(traits.displayScale == 2)
        #expect(traits.userInterfaceStyle == .dark)
        #expect(traits.containerSize == CGSize(width: 834, height: 1194))
    }
}
