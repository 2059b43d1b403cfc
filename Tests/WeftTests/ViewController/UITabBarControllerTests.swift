import Foundation
import Testing
import Weft
import WeftTesting

/// A controller whose view is a plain view of one colour, recording its appearance callbacks.
private final class ColorTabController: UIViewController {
    var events: [String] = []

    convenience init(title: String, color: UIColor) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        view.backgroundColor = color
    }

    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); events.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); events.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); events.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); events.append("didDisappear") }
}

/// One section of one text row, with a 32-point header, as Texture's table tests set one up.
private final class OneRowSource: ASTableDataSource, ASTableDelegate {
    func numberOfSections(in tableNode: ASTableNode) -> Int { 1 }
    func tableNode(_ tableNode: ASTableNode, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableNode(_ tableNode: ASTableNode, nodeBlockForRowAt indexPath: IndexPath) -> ASCellNodeBlock {
        {
            let cell = ASTextCellNode()
            cell.text = "Row"
            return cell
        }
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 32 }
}

@MainActor
@Suite struct UITabBarControllerTests {
    /// A tab bar controller laid out on an iPhone X's screen (34 points of home indicator below).
    private func laidOut(_ controllers: [UIViewController], translucent: Bool = true) -> UITabBarController {
        let tabs = UITabBarController()
        tabs.viewControllers = controllers
        tabs.tabBar.isTranslucent = translucent
        tabs.hostSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        tabs.view.frame = CGRect(x: 0, y: 0, width: 375, height: 812)
        tabs.view.layoutIfNeeded()
        return tabs
    }

    @Test func aTranslucentBarLiesOverTheSelectedViewWhichGetsItsHeightAsSafeArea() {
        let child = ColorTabController(title: "One", color: .systemRed)
        let tabs = laidOut([child])
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 729, width: 375, height: 83), "49 points and the home indicator's 34")
        #expect(child.view.frame == CGRect(x: 0, y: 0, width: 375, height: 812))
        #expect(child.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 83, right: 0))
        #expect(child.additionalSafeAreaInsets == .zero, "the bar's inset is kept apart from the child's own")
        #expect(tabs.view.subviews.last === tabs.tabBar, "the bar is drawn over the selected view")
    }

    @Test func anOpaqueBarEndsTheSelectedViewAtItsTopEdge() {
        let child = ColorTabController(title: "One", color: .systemRed)
        let tabs = laidOut([child], translucent: false)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 729, width: 375, height: 83))
        #expect(child.view.frame == CGRect(x: 0, y: 0, width: 375, height: 729))
        #expect(child.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))

        tabs.tabBar.isTranslucent = true
        tabs.view.layoutIfNeeded()
        #expect(child.view.frame.height == 812 && child.view.safeAreaInsets.bottom == 83, "changing the translucency lays the view out again")
        tabs.tabBar.isHidden = true
        tabs.view.layoutIfNeeded()
        #expect(child.view.frame.height == 812 && child.view.safeAreaInsets.bottom == 34, "a hidden bar takes no room")
    }

    @Test func aNodeControllersNodeSeesTheBarsSafeArea() {
        let controller = ASDKViewController(node: ASDisplayNode())
        let tabs = laidOut([controller])
        #expect(controller.node.safeAreaInsets.bottom == 83)
        tabs.tabBar.isTranslucent = false
        tabs.view.layoutIfNeeded()
        #expect(controller.node.frame.height == 729 && controller.node.safeAreaInsets.bottom == 0)
    }

    @Test func withoutAHomeIndicatorTheBarIs49PointsTall() {
        let child = ColorTabController(title: "One", color: .systemRed)
        let tabs = UITabBarController()
        tabs.viewControllers = [child]
        tabs.tabBar.isTranslucent = false
        tabs.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        tabs.view.layoutIfNeeded()
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 618, width: 375, height: 49))
        #expect(child.view.frame == CGRect(x: 0, y: 0, width: 375, height: 618))
        #expect(tabs.tabBar.sizeThatFits(CGSize(width: 320, height: 500)) == CGSize(width: 320, height: 49))
    }

    /// A grouped table in a window, under an opaque bar: it ends at the bar, and its first row
    /// follows the section's header, full width.
    @Test func aTableUnderAnOpaqueBarEndsAtTheBar() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let table = ASTableNode(style: .grouped)
        let source = OneRowSource()
        table.dataSource = source
        table.delegate = source
        let tabs = UITabBarController()
        tabs.viewControllers = [ASDKViewController(node: table)]
        tabs.tabBar.isTranslucent = false
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.frame == CGRect(x: 0, y: 0, width: 375, height: 618))
        let row = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let cellHeight = table.nodeForRow(at: IndexPath(row: 0, section: 0))?.calculatedSize.height
        #expect(row.origin == CGPoint(x: 0, y: 32) && row.width == 375 && row.height == cellHeight, "\(row)")
        withExtendedLifetime(source) {}
    }

    @Test func selectingShowsOneControllersViewAtATime() {
        let one = ColorTabController(title: "One", color: .systemRed), two = ColorTabController(title: "Two", color: .systemBlue)
        let tabs = laidOut([one, two])
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === one, "the first is selected")
        #expect(one.tabBarController === tabs && two.parent === tabs && tabs.children.count == 2)
        #expect(tabs.tabBar.items?.map(\.title) == ["One", "Two"] && tabs.tabBar.selectedItem === one.tabBarItem)

        tabs.selectedIndex = 1
        tabs.view.layoutIfNeeded()
        #expect(tabs.selectedViewController === two && tabs.tabBar.selectedItem === two.tabBarItem)
        #expect(one.view.superview == nil && two.view.superview === tabs.view)
        #expect(two.view.frame == CGRect(x: 0, y: 0, width: 375, height: 812) && two.view.safeAreaInsets.bottom == 83)

        tabs.selectedViewController = one
        #expect(tabs.selectedIndex == 0 && one.view.superview === tabs.view && two.view.superview == nil)
        two.title = "Second"
        #expect(tabs.tabBar.items?.map(\.title) == ["One", "Second"], "a controller's title is its item's")
    }

    @Test func settingNewControllersKeepsTheSelectionByUIKitsRule() {
        let one = ColorTabController(title: "One", color: .systemRed), two = ColorTabController(title: "Two", color: .systemBlue)
        let three = ColorTabController(title: "Three", color: .systemGreen)
        let tabs = laidOut([one, two])
        tabs.selectedIndex = 1
        tabs.viewControllers = [three, two]
        #expect(tabs.selectedViewController === two && tabs.selectedIndex == 1, "the selected controller stays selected")
        #expect(one.parent == nil && one.view.superview == nil, "a controller left out leaves")
        tabs.viewControllers = [one, three]
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === three, "else the same index")
        tabs.viewControllers = [two]
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === two, "else the first")
        tabs.viewControllers = []
        #expect(tabs.selectedIndex == NSNotFound && tabs.selectedViewController == nil && tabs.view.subviews == [tabs.tabBar])
    }

    @Test func badSelectionsAreIgnoredAndReported() {
        let one = ColorTabController(title: "One", color: .systemRed), two = ColorTabController(title: "Two", color: .systemBlue)
        let tabs = laidOut([one, two])
        let (_, outOfRange) = WeftDiagnostics.collect(matching: "selectedIndex 5") { tabs.selectedIndex = 5 }
        #expect(tabs.selectedIndex == 0 && outOfRange.count == 1 && outOfRange[0].message.contains("0..<2"), "\(outOfRange)")
        let (_, negative) = WeftDiagnostics.collect(matching: "selectedIndex -1") { tabs.selectedIndex = -1 }
        #expect(tabs.selectedIndex == 0 && negative.count == 1)
        let stranger = ColorTabController(title: "Stranger", color: .systemGreen)
        let (_, foreign) = WeftDiagnostics.collect(matching: "selectedViewController ColorTabController") { tabs.selectedViewController = stranger }
        #expect(tabs.selectedViewController === one && foreign.count == 1 && stranger.parent == nil)
        let (_, managed) = WeftDiagnostics.collect(matching: "managed by a tab bar controller") { tabs.tabBar.items = [UITabBarItem()] }
        #expect(tabs.tabBar.items?.count == 2 && managed.count == 1)
    }

    @Test func controllersThatWouldMakeACycleAreLeftOut() {
        let one = ColorTabController(title: "One", color: .systemRed)
        let outer = UITabBarController()
        let tabs = UITabBarController()
        outer.viewControllers = [tabs]
        let (_, reports) = WeftDiagnostics.collect(matching: "UITabBarController") { tabs.viewControllers = [one, one, tabs, outer] }
        #expect(tabs.viewControllers?.count == 1 && tabs.viewControllers?.first === one)
        #expect(reports.count == 3, "\(reports.map(\.message))")
    }

    @Test func aStandaloneBarKeepsItsOwnItems() {
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 200, height: 49))
        let home = UITabBarItem(title: "Home", image: nil, tag: 1), search = UITabBarItem(title: "Search", image: nil, tag: 2)
        bar.setItems([home, search], animated: false)
        bar.selectedItem = search
        #expect(bar.items?.map(\.tag) == [1, 2] && bar.selectedItem === search)
        let (_, reports) = WeftDiagnostics.collect(matching: "UITabBar") { bar.selectedItem = UITabBarItem(title: "Other", image: nil, tag: 3) }
        #expect(bar.selectedItem === search && reports.count == 1 && reports[0].message.contains("\"Other\""))
    }

    @Test func appearanceCallbacksGoToTheSelectedChild() {
        let one = ColorTabController(title: "One", color: .systemRed), two = ColorTabController(title: "Two", color: .systemBlue)
        let tabs = UITabBarController()
        tabs.viewControllers = [one, two]
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        #expect(one.events == ["willAppear", "didAppear"] && two.events.isEmpty)
        tabs.selectedIndex = 1
        #expect(one.events == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(two.events == ["willAppear", "didAppear"] && two.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    }

    /// The bar as the screen shows it: its colour over the selected view, the hairline along its
    /// top, and two tabs, the selected one in the tint colour.
    @Test func theBarDrawsItsItems() throws {
        let one = ColorTabController(title: "One", color: .systemYellow), two = ColorTabController(title: "Two", color: .systemBlue)
        two.tabBarItem.image = TestSupport.gradientImage(width: 16, height: 16)
        let tabs = UITabBarController()
        tabs.viewControllers = [one, two]
        tabs.selectedIndex = 1
        tabs.view.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
        let bitmap = try tabs.view.renderBitmap(scale: 1)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 41, width: 160, height: 49))
        #expect(bitmap.pixel(x: 80, y: 20) == 0xFF00_7AFF, "the selected controller's view, light systemBlue")
        #expect(bitmap.pixel(x: 2, y: 41) != bitmap.pixel(x: 2, y: 43), "the hairline along the bar's top")
        expectGolden(bitmap, named: "viewcontroller/UITabBarController/two-tabs")
    }
}
