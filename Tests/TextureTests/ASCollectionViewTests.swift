// Texture's Tests/ASCollectionViewTests.mm.
import XCTest
import Weft

final class ASTextCellNodeWithSetSelectedCounter: ASTextCellNode {
    var setSelectedCounter: UInt = 0
    var applyLayoutAttributesCount: UInt = 0
    var didEnterPreloadStateCount: UInt = 0

    override var isSelected: Bool {
        didSet { setSelectedCounter += 1 }
    }

    override func applyLayoutAttributes(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        applyLayoutAttributesCount += 1
    }

    override func didEnterPreloadState() {
        super.didEnterPreloadState()
        didEnterPreloadStateCount += 1
    }
}

final class ASTestSectionContext: NSObject, ASSectionContext {
    var sectionIndex = 0
    var sectionGeneration = 0

    var sectionName: String?
    weak var collectionView: ASCollectionView?
}

final class ASCollectionViewTestDelegate: NSObject, ASCollectionDataSource, ASCollectionDelegate, UICollectionViewDelegateFlowLayout {
    var sectionGeneration: Int
    var willBeginBatchFetch: ((ASBatchContext) -> Void)?
    // Texture's C++ vector `_itemCounts`.
    var itemCounts: [Int] = []

    init(numberOfSections: Int, numberOfItemsInSection: Int) {
        for _ in 0..<numberOfSections {
            itemCounts.append(numberOfItemsInSection)
        }
        sectionGeneration = 1
        super.init()
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        let textCellNode = ASTextCellNodeWithSetSelectedCounter()
        textCellNode.text = indexPath.description
        return textCellNode
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        return {
            let textCellNode = ASTextCellNodeWithSetSelectedCounter()
            textCellNode.text = indexPath.description
            return textCellNode
        }
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        return itemCounts.count
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        return itemCounts[section]
    }

    func collectionNode(_ collectionNode: ASCollectionNode, contextForSection section: Int) -> ASSectionContext? {
        let context = ASTestSectionContext()
        context.sectionGeneration = sectionGeneration
        context.sectionIndex = section
        return context
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        return CGSize(width: 100, height: 100)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode {
        return ASTextCellNodeWithSetSelectedCounter()
    }

    func collectionNode(_ collectionNode: ASCollectionNode, willBeginBatchFetchWith context: ASBatchContext) {
        if let willBeginBatchFetch {
            willBeginBatchFetch(context)
        } else {
            context.cancelBatchFetching()
        }
    }
}

final class ASCollectionViewTestController: UIViewController {
    var asyncDelegate: ASCollectionViewTestDelegate!
    var collectionView: ASCollectionView!
    var collectionNode: ASCollectionNode!

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        // Populate these immediately so that they're not unexpectedly nil during tests.
        asyncDelegate = ASCollectionViewTestDelegate(numberOfSections: 10, numberOfItemsInSection: 10)
        let realLayout = UICollectionViewFlowLayout()
        collectionNode = ASCollectionNode(frame: view.bounds, collectionViewLayout: realLayout)
        collectionView = collectionNode.view
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionNode.dataSource = asyncDelegate
        collectionNode.delegate = asyncDelegate

        collectionNode.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        view.addSubview(collectionView)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class ASCollectionViewTests: XCTestCase {
    // Texture's setUp turns on two ASConfiguration experiments (see README.md).

    func testThatADefaultLayoutInspectorIsProvidedForCustomLayouts() {
        let layout = UICollectionViewLayout()
        let collectionView = ASCollectionView(frame: .zero, collectionViewLayout: layout)
        XCTAssert(collectionView.layoutInspector != nil, "should automatically set a layout delegate for flow layouts")
        XCTAssert(collectionView.layoutInspector is ASCollectionViewLayoutInspector, "should have a default layout inspector by default")
    }

    func testReloadIfNeeded() {
        var testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        var del = testController.asyncDelegate!
        var cn = testController.collectionNode!

        let reset = {
            testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
            del = testController.asyncDelegate
            cn = testController.collectionNode
        }

        // Check if the number of sections matches the data source
        XCTAssertEqual(cn.numberOfSections, del.itemCounts.count, "Section count doesn't match the data source")

        // Reset everything and then check if numberOfItemsInSection matches the data source
        reset()
        XCTAssertEqual(cn.numberOfItems(inSection: 0), del.itemCounts[0], "Number of items in Section doesn't match the data source")

        // Reset and check if we can get the node corresponding to a specific indexPath
        reset()
        let indexPath = IndexPath(item: 0, section: 0)
        let node = cn.nodeForItem(at: indexPath) as! ASTextCellNodeWithSetSelectedCounter
        XCTAssertTrue(node.text == indexPath.description, "Node's text should match the initial text it was created with")
    }

    func testSelection() {
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = testController
        window.makeKeyAndVisible()

        testController.collectionNode.reloadData()
        testController.collectionNode.waitUntilAllUpdatesAreProcessed()
        testController.collectionView.layoutIfNeeded()

        let indexPath = IndexPath(item: 0, section: 0)
        let node = testController.collectionView.nodeForItem(at: indexPath)!

        var setSelectedCount: UInt = 0
        // selecting node should select cell
        node.isSelected = true
        setSelectedCount += 1
        XCTAssertTrue(testController.collectionView.indexPathsForSelectedItems!.contains(indexPath), "Selecting node should update cell selection.")

        // deselecting node should deselect cell
        node.isSelected = false
        setSelectedCount += 1
        XCTAssertTrue(testController.collectionView.indexPathsForSelectedItems! == [], "Deselecting node should update cell selection.")

        // selecting cell via collectionNode should select node
        setSelectedCount += 1
        testController.collectionNode.selectItem(at: indexPath, animated: false, scrollPosition: [])
        XCTAssertTrue(node.isSelected == true, "Selecting cell should update node selection.")

        // deselecting cell via collectionNode should deselect node
        setSelectedCount += 1
        testController.collectionNode.deselectItem(at: indexPath, animated: false)
        XCTAssertTrue(node.isSelected == false, "Deselecting cell should update node selection.")

        // select the cell again, scroll down and back up, and check that the state persisted
        testController.collectionNode.selectItem(at: indexPath, animated: false, scrollPosition: [])
        setSelectedCount += 1
        XCTAssertTrue(node.isSelected == true, "Selecting cell should update node selection.")

        testController.collectionNode.allowsMultipleSelection = true

        let indexPath2 = IndexPath(item: 1, section: 0)
        let node2 = testController.collectionView.nodeForItem(at: indexPath2)!

        // selecting cell via collectionNode should select node
        testController.collectionNode.selectItem(at: indexPath2, animated: false, scrollPosition: [])
        XCTAssertTrue(node2.isSelected == true, "Selecting cell should update node selection.")

        XCTAssertTrue(testController.collectionView.indexPathsForSelectedItems!.contains(indexPath) &&
                      testController.collectionView.indexPathsForSelectedItems!.contains(indexPath2),
                      "Selecting multiple cells should result in those cells being in the array of selectedItems.")

        // deselecting node should deselect cell
        node.isSelected = false
        setSelectedCount += 1
        XCTAssertTrue(!testController.collectionView.indexPathsForSelectedItems!.contains(indexPath) &&
                      testController.collectionView.indexPathsForSelectedItems!.contains(indexPath2), "Deselecting node should update array of selectedItems.")

        node.isSelected = true
        setSelectedCount += 1
        XCTAssertTrue(testController.collectionView.indexPathsForSelectedItems!.contains(indexPath), "Selecting node should update cell selection.")

        node2.isSelected = false
        XCTAssertTrue(testController.collectionView.indexPathsForSelectedItems!.contains(indexPath) &&
                      !testController.collectionView.indexPathsForSelectedItems!.contains(indexPath2), "Deselecting node should update array of selectedItems.")

        // reload cell (-prepareForReuse is called) & check that selected state is preserved
        testController.collectionView.contentOffset = CGPoint(x: 0, y: testController.collectionView.bounds.size.height)
        testController.collectionView.layoutIfNeeded()
        testController.collectionView.contentOffset = CGPoint(x: 0, y: 0)
        testController.collectionView.layoutIfNeeded()
        XCTAssertTrue(node.isSelected == true, "Reloaded cell should preserve state.")

        // deselecting cell should deselect node
        let cell = testController.collectionView.cellForItem(at: indexPath)
        cell?.isSelected = false
        XCTAssertTrue(node.isSelected == false, "Deselecting cell should update node selection.")

        // check setSelected not called extra times
        XCTAssertTrue((node as! ASTextCellNodeWithSetSelectedCounter).setSelectedCounter == (setSelectedCount + 1), "setSelected: should not be called on node multiple times.")
    }

    func testTuningParametersWithExplicitRangeMode() {
        let layout = UICollectionViewFlowLayout()
        let collectionNode = ASCollectionNode(collectionViewLayout: layout)

        let minimumRenderParams = ASRangeTuningParameters(leadingBufferScreenfuls: 0.1, trailingBufferScreenfuls: 0.1)
        let minimumPreloadParams = ASRangeTuningParameters(leadingBufferScreenfuls: 0.1, trailingBufferScreenfuls: 0.1)
        let fullRenderParams = ASRangeTuningParameters(leadingBufferScreenfuls: 0.5, trailingBufferScreenfuls: 0.5)
        let fullPreloadParams = ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5)

        collectionNode.setTuningParameters(minimumRenderParams, for: .minimum, rangeType: .display)
        collectionNode.setTuningParameters(minimumPreloadParams, for: .minimum, rangeType: .preload)
        collectionNode.setTuningParameters(fullRenderParams, for: .full, rangeType: .display)
        collectionNode.setTuningParameters(fullPreloadParams, for: .full, rangeType: .preload)

        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(minimumRenderParams,
                                                                          collectionNode.tuningParameters(for: .minimum, rangeType: .display)))
        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(minimumPreloadParams,
                                                                          collectionNode.tuningParameters(for: .minimum, rangeType: .preload)))
        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(fullRenderParams,
                                                                          collectionNode.tuningParameters(for: .full, rangeType: .display)))
        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(fullPreloadParams,
                                                                          collectionNode.tuningParameters(for: .full, rangeType: .preload)))
    }

    func testTuningParameters() {
        let layout = UICollectionViewFlowLayout()
        let collectionView = ASCollectionView(frame: .zero, collectionViewLayout: layout)

        let renderParams = ASRangeTuningParameters(leadingBufferScreenfuls: 1.2, trailingBufferScreenfuls: 3.2)
        let preloadParams = ASRangeTuningParameters(leadingBufferScreenfuls: 4.3, trailingBufferScreenfuls: 2.3)

        collectionView.setTuningParameters(renderParams, for: .display)
        collectionView.setTuningParameters(preloadParams, for: .preload)

        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(renderParams, collectionView.tuningParameters(for: .display)))
        XCTAssertTrue(ASRangeTuningParametersEqualToRangeTuningParameters(preloadParams, collectionView.tuningParameters(for: .preload)))
    }

    /// This may seem silly, but we had issues where the runtime sometimes wouldn't correctly report
    /// conformances declared on categories.
    func testThatCollectionNodeConformsToExpectedProtocols() {
        let node: Any = ASCollectionNode(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        XCTAssert(node is ASRangeControllerUpdateRangeProtocol)
    }

    func testInvertedCollectionViewHitTest() {
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = testController
        window.makeKeyAndVisible()

        testController.collectionNode.inverted = true
        testController.collectionNode.reloadData()
        testController.collectionNode.waitUntilAllUpdatesAreProcessed()
        testController.collectionView.layoutIfNeeded()

        let indexPath = IndexPath(item: 0, section: 0)
        let cell = testController.collectionView.cellForItem(at: indexPath)!
        let node = testController.collectionNode.nodeForItem(at: indexPath)!

        let testPointInCollectionView = CGPoint(x: cell.frame.midX, y: cell.frame.midY)
        let hitTestView = testController.collectionView.hitTest(testPointInCollectionView, with: nil)

        XCTAssertEqual(hitTestView, node.view, "Expected node's view to be the result of the hit test.")
    }

    // MARK: - Update Validations

    /// Texture's `updateValidationTestPrologue` macro.
    private struct UpdateValidationPrologue {
        let testController: ASCollectionViewTestController
        let del: ASCollectionViewTestDelegate
        let cv: ASCollectionView
        let cn: ASCollectionNode
        let window: UIWindow

        init() {
            testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
            del = testController.asyncDelegate
            cv = testController.collectionView
            cn = testController.collectionNode
            window = UIWindow(frame: UIScreen.main.bounds)
            window.makeKeyAndVisible()
            window.rootViewController = testController

            cn.reloadData()
            cn.waitUntilAllUpdatesAreProcessed()
            testController.collectionView.layoutIfNeeded()
        }
    }

    func testThatSubmittingAValidInsertDoesNotThrowAnException() {
        let p = UpdateValidationPrologue()
        let sectionCount = p.del.itemCounts.count

        p.del.itemCounts[sectionCount - 1] += 1
        XCTAssertNoThrow(p.cv.insertItems(at: [IndexPath(item: 0, section: sectionCount - 1)]))
    }

    func testThatSubmittingAValidReloadDoesNotThrowAnException() {
        let p = UpdateValidationPrologue()
        let sectionCount = p.del.itemCounts.count

        XCTAssertNoThrow(p.cv.reloadItems(at: [IndexPath(item: 0, section: sectionCount - 1)]))
    }

    func testItemsInsertedIntoThePreloadRangeGetPreloaded() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, cv = p.cv

        var minimumPreloadParams = ASRangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1)
        cn.setTuningParameters(minimumPreloadParams, for: .minimum, rangeType: .preload)
        cn.updateCurrentRange(with: .minimum)

        weak let weakController = p.testController
        let lastVisibleIndex = cv.indexPathsForVisibleItems.last!

        let itemCount = weakController!.asyncDelegate.itemCounts[lastVisibleIndex.section]
        let isLastItemInSection = lastVisibleIndex.row == itemCount - 1
        let nextItemSection = isLastItemInSection ? lastVisibleIndex.section + 1 : lastVisibleIndex.section
        let nextItemRow = isLastItemInSection ? 0 : lastVisibleIndex.row + 1

        XCTAssertTrue(weakController!.asyncDelegate.itemCounts.count > nextItemSection, "There is no items after the last visible item. Update the section/row counts so that there is one for this test to work properly.")
        XCTAssertTrue(weakController!.asyncDelegate.itemCounts[nextItemSection] > nextItemRow, "There is no items after the last visible item. Update the section/row counts so that there is one for this test to work properly.")

        let nextItemIndexPath = IndexPath(row: nextItemRow, section: nextItemSection)
        var nodeBeforeUpdate = cv.nodeForItem(at: nextItemIndexPath) as? ASTextCellNodeWithSetSelectedCounter

        let noChangeDone = expectation(description: "Batch update with no changes done and completion block has been called. Tuning params set to 1 screenful.")

        let nodeAfterUpdate = NodeBox()
        cv.performBatchUpdates({
        }, completion: { finished in
            nodeAfterUpdate.node = cv.nodeForItem(at: nextItemIndexPath) as? ASTextCellNodeWithSetSelectedCounter
            noChangeDone.fulfill()
        })

        wait(for: [noChangeDone], timeout: 1)

        XCTAssertTrue(nodeBeforeUpdate === nodeAfterUpdate.node, "Node should not have changed since no updates were made.")
        XCTAssertTrue(nodeAfterUpdate.node?.didEnterPreloadStateCount == 1, "Node should have been preloaded.")

        let changeDone = expectation(description: "Batch update with changes done and completion block has been called. Tuning params set to 1 screenful.")

        cv.performBatchUpdates({
            let indexPaths = [nextItemIndexPath]
            cv.deleteItems(at: indexPaths)
            cv.insertItems(at: indexPaths)
        }, completion: { finished in
            nodeAfterUpdate.node = cv.nodeForItem(at: nextItemIndexPath) as? ASTextCellNodeWithSetSelectedCounter
            changeDone.fulfill()
        })

        wait(for: [changeDone], timeout: 1)

        XCTAssertTrue(nodeBeforeUpdate !== nodeAfterUpdate.node, "Node should have changed after updating.")
        XCTAssertTrue(nodeAfterUpdate.node?.didEnterPreloadStateCount == 1, "New node should have been preloaded.")

        minimumPreloadParams = ASRangeTuningParameters(leadingBufferScreenfuls: 0, trailingBufferScreenfuls: 0)
        cn.setTuningParameters(minimumPreloadParams, for: .minimum, rangeType: .preload)
        cn.updateCurrentRange(with: .minimum)

        let changeDoneZeroSreenfuls = expectation(description: "Batch update with changes done and completion block has been called. Tuning params set to 0 screenful.")

        nodeBeforeUpdate = nodeAfterUpdate.node
        let nodeAfterUpdateZeroSreenfuls = NodeBox()
        cv.performBatchUpdates({
            let indexPaths = [nextItemIndexPath]
            cv.deleteItems(at: indexPaths)
            cv.insertItems(at: indexPaths)
        }, completion: { finished in
            nodeAfterUpdateZeroSreenfuls.node = cv.nodeForItem(at: nextItemIndexPath) as? ASTextCellNodeWithSetSelectedCounter
            changeDoneZeroSreenfuls.fulfill()
        })

        wait(for: [changeDoneZeroSreenfuls], timeout: 1)

        XCTAssertTrue(nodeBeforeUpdate !== nodeAfterUpdateZeroSreenfuls.node, "Node should have changed after updating.")
        XCTAssertTrue(nodeAfterUpdateZeroSreenfuls.node?.didEnterPreloadStateCount == 0, "New node should NOT have been preloaded.")
    }

    func testCellNodeLayoutAttributes() throws {
        // Weft differs from Texture here (listed in README.md); the port is kept so the difference stays in view.
        try XCTSkipIf(true, "Weft's IndexPath description is shorter than NSIndexPath's, so about 40 cells are visible and the scroll target (item visibleNodes.count of section 0, which has 10 items) does not exist; see README")
        let p = UpdateValidationPrologue()
        let cn = p.cn, cv = p.cv
        let nodeBatch1 = Set(cn.visibleNodes.map(ObjectIdentifier.init))
        let nodes1 = cn.visibleNodes
        XCTAssertGreaterThan(nodeBatch1.count, 0)

        let visibleLayoutAttributesBatch1 = cv.collectionViewLayout.layoutAttributesForElements(in: cv.bounds) ?? []
        XCTAssertGreaterThan(visibleLayoutAttributesBatch1.count, 0)

        // Expect all visible nodes get 1 applyLayoutAttributes and have a non-nil value.
        for node in nodes1 {
            let node = node as! ASTextCellNodeWithSetSelectedCounter
            XCTAssertEqual(node.applyLayoutAttributesCount, 1, "Expected applyLayoutAttributes to be called exactly once for visible nodes.")
            XCTAssertNotNil(node.layoutAttributes, "Expected layoutAttributes to be non-nil for visible cell node.")
        }

        for layoutAttributes in visibleLayoutAttributesBatch1 {
            if layoutAttributes.representedElementCategory != .supplementaryView {
                continue
            }
            let node = cv.supplementaryNode(forElementKind: layoutAttributes.representedElementKind!, at: layoutAttributes.indexPath) as! ASTextCellNodeWithSetSelectedCounter
            XCTAssertEqual(node.applyLayoutAttributesCount, 1, "Expected applyLayoutAttributes to be called exactly once for visible supplementary nodes.")
            XCTAssertNotNil(node.layoutAttributes, "Expected layoutAttributes to be non-nil for visible supplementary node.")
        }

        // Scroll to next batch of items.
        let nextIP = IndexPath(item: nodeBatch1.count, section: 0)
        cv.scrollToItem(at: nextIP, at: .top, animated: false)
        cv.layoutIfNeeded()

        // Ensure we scrolled far enough that all the old ones are offscreen.
        let nodeBatch2 = Set(cn.visibleNodes.map(ObjectIdentifier.init))
        XCTAssertFalse(!nodeBatch1.isDisjoint(with: nodeBatch2), "Expected to scroll far away enough that all nodes are replaced.")

        // Now the nodes are no longer visible, expect their layout attributes are nil but not another applyLayoutAttributes call.
        for node in nodes1 {
            let node = node as! ASTextCellNodeWithSetSelectedCounter
            XCTAssertEqual(node.applyLayoutAttributesCount, 1, "Expected applyLayoutAttributes to be called exactly once for visible nodes, even after node is removed.")
            XCTAssertNil(node.layoutAttributes, "Expected layoutAttributes to be nil for removed cell node.")
        }

        for layoutAttributes in visibleLayoutAttributesBatch1 {
            if layoutAttributes.representedElementCategory != .supplementaryView {
                continue
            }
            let node = cv.supplementaryNode(forElementKind: layoutAttributes.representedElementKind!, at: layoutAttributes.indexPath) as! ASTextCellNodeWithSetSelectedCounter
            XCTAssertEqual(node.applyLayoutAttributesCount, 1, "Expected applyLayoutAttributes to be called exactly once for visible supplementary nodes, even after node is removed.")
            XCTAssertNil(node.layoutAttributes, "Expected layoutAttributes to be nil for removed supplementary node.")
        }
    }

    func testCellNodeIndexPathConsistency() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, del = p.del

        // Test with a visible cell
        var indexPath = IndexPath(item: 2, section: 0)
        var cell = cn.nodeForItem(at: indexPath)!

        // Check if cell's indexPath corresponds to the indexPath being tested
        XCTAssertTrue(cell.indexPath!.section == indexPath.section && cell.indexPath!.item == indexPath.item, "Expected the cell's indexPath to be the same as the indexPath being tested.")

        // Remove an item prior to the cell's indexPath from the same section and check for indexPath consistency
        del.itemCounts[indexPath.section] -= 1
        cn.deleteItems(at: [IndexPath(item: 0, section: indexPath.section)])
        XCTAssertTrue(cell.indexPath!.section == indexPath.section && cell.indexPath!.item == (indexPath.item - 1), "Expected the cell's indexPath to be updated once a cell with a lower index is deleted.")

        // Remove the section that includes the indexPath and check if the cell's indexPath is now nil
        del.itemCounts.removeFirst()
        cn.deleteSections(IndexSet(integer: indexPath.section))
        XCTAssertNil(cell.indexPath, "Expected the cell's indexPath to be nil once the section that contains the node is deleted.")

        // Run the same tests but with a non-displayed cell
        indexPath = IndexPath(item: 2, section: del.itemCounts.count - 1)
        cell = cn.nodeForItem(at: indexPath)!

        // Check if cell's indexPath corresponds to the indexPath being tested
        XCTAssertTrue(cell.indexPath!.section == indexPath.section && cell.indexPath!.item == indexPath.item, "Expected the cell's indexPath to be the same as the indexPath in question.")

        // Remove an item prior to the cell's indexPath from the same section and check for indexPath consistency
        del.itemCounts[indexPath.section] -= 1
        cn.deleteItems(at: [IndexPath(item: 0, section: indexPath.section)])
        XCTAssertTrue(cell.indexPath!.section == indexPath.section && cell.indexPath!.item == (indexPath.item - 1), "Expected the cell's indexPath to be updated once a cell with a lower index is deleted.")

        // Remove the section that includes the indexPath and check if the cell's indexPath is now nil
        del.itemCounts.removeLast()
        cn.deleteSections(IndexSet(integer: indexPath.section))
        XCTAssertNil(cell.indexPath, "Expected the cell's indexPath to be nil once the section that contains the node is deleted.")
    }

    /// https://github.com/facebook/AsyncDisplayKit/issues/2011
    ///
    /// If this ever becomes a pain to maintain, drop it. The underlying issue is tested by testThatLayerBackedSubnodesAreMarkedInvisibleBeforeDeallocWhenSupernodesViewIsRemovedFromHierarchyWhileBeingRetained
    func testThatDisappearingSupplementariesWithLayerBackedNodesDontFailAssert() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let layout: UICollectionViewLayout = UICollectionViewFlowLayout()
        let cn = ASCollectionNode(frame: window.bounds, collectionViewLayout: layout)
        let cv = cn.view

        // OCMock's nice protocol mocks with stubs become classes answering the stubbed methods.
        let dataSource = ASLayerBackedSupplementaryDataSource()
        cv.asyncDataSource = dataSource

        let delegate = ASReferenceSizeFlowLayoutDelegate()
        cv.asyncDelegate = delegate

        cv.registerSupplementaryNode(ofKind: UICollectionView.elementKindSectionHeader)
        window.addSubview(cv)

        window.makeKeyAndVisible()

        for i in 0..<2 {
            // NOTE: reloadData and waitUntilAllUpdatesAreProcessed are not sufficient here!!
            let done = expectation(description: "Reload #\(i) complete")
            cn.reloadData(completion: {
                done.fulfill()
            })
            waitForExpectations(timeout: 1, handler: nil)
        }
        XCTAssertGreaterThan(dataSource.keepaliveNodes.count, 0)
    }

    /// See corresponding test in ASUICollectionViewTests
    ///
    /// @discussion Currently, we do not replicate UICollectionView's call order (outer, inner0, inner1, ...)
    ///   and instead call (inner0, inner1, outer, ...). This is because we primarily provide a
    ///   beginUpdates/endUpdatesWithCompletion: interface (like UITableView). With UICollectionView's
    ///   performBatchUpdates:completion:, the completion block is enqueued at -beginUpdates time.
    ///   With our tableView-like scheme, the completion block is provided at -endUpdates time
    ///   and it is naturally enqueued at this time. It is assumed that this is an acceptable deviation,
    ///   and that developers do not expect a particular completion order guarantee.
    func testThatNestedBatchCompletionsAreCalledInOrder() {
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)

        let cv = testController.collectionView!

        let inner0 = expectation(description: "Inner completion 0 is called")
        let inner1 = expectation(description: "Inner completion 1 is called")
        let outer = expectation(description: "Outer completion is called")

        let completions = NSMutableArray()

        cv.performBatchUpdates({
            cv.performBatchUpdates({
            }, completion: { finished in
                completions.add(inner0)
                inner0.fulfill()
            })
            cv.performBatchUpdates({
            }, completion: { finished in
                completions.add(inner1)
                inner1.fulfill()
            })
        }, completion: { finished in
            completions.add(outer)
            outer.fulfill()
        })

        waitForExpectations(timeout: 5, handler: nil)
        XCTAssertEqual(completions, [inner0, inner1, outer] as NSArray, "Expected completion order to be correct")
    }

    // MARK: - ASSectionContext tests

    func testThatSectionContextsAreCorrectAfterTheInitialLayout() {
        let p = UpdateValidationPrologue()
        let sectionCount = p.del.itemCounts.count
        for section in 0..<sectionCount {
            let context = p.cn.context(forSection: section) as? ASTestSectionContext
            XCTAssertNotNil(context)
            XCTAssertEqual(context?.sectionGeneration, 1)
            XCTAssertEqual(context?.sectionIndex, section)
        }
    }

    func testThatSectionContextsAreCorrectAfterSectionMove() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, cv = p.cv, del = p.del
        let sectionCount = del.itemCounts.count
        let originalSection = sectionCount - 1
        let toSection = 0

        del.sectionGeneration += 1
        cv.moveSection(originalSection, toSection: toSection)
        cv.waitUntilAllUpdatesAreCommitted()

        // Only test left moving
        XCTAssertTrue(toSection < originalSection)
        let movedSectionContext = cn.context(forSection: toSection) as? ASTestSectionContext
        XCTAssertNotNil(movedSectionContext)
        // ASCollectionView currently splits a move operation to a pair of delete and insert ones.
        // So this movedSectionContext is newly loaded and thus is second generation.
        XCTAssertEqual(movedSectionContext?.sectionGeneration, 2)
        XCTAssertEqual(movedSectionContext?.sectionIndex, toSection)

        var section = toSection + 1
        while section <= originalSection && section < sectionCount {
            let context = cn.context(forSection: section) as? ASTestSectionContext
            XCTAssertNotNil(context)
            XCTAssertEqual(context?.sectionGeneration, 1)
            // This section context was shifted to the right
            XCTAssertEqual(context?.sectionIndex, (section - 1))
            section += 1
        }
    }

    func testThatSectionContextsAreCorrectAfterReloadData() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, del = p.del

        del.sectionGeneration += 1
        cn.reloadData()
        cn.waitUntilAllUpdatesAreProcessed()

        let sectionCount = del.itemCounts.count
        for section in 0..<sectionCount {
            let context = cn.context(forSection: section) as? ASTestSectionContext
            XCTAssertNotNil(context)
            XCTAssertEqual(context?.sectionGeneration, 2)
            XCTAssertEqual(context?.sectionIndex, section)
        }
    }

    func testThatSectionContextsAreCorrectAfterReloadASection() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, cv = p.cv, del = p.del
        let sectionToReload = 0

        del.sectionGeneration += 1
        cv.reloadSections(IndexSet(integer: sectionToReload))
        cv.waitUntilAllUpdatesAreCommitted()

        let sectionCount = del.itemCounts.count
        for section in 0..<sectionCount {
            let context = cn.context(forSection: section) as? ASTestSectionContext
            XCTAssertNotNil(context)
            XCTAssertEqual(context?.sectionGeneration, section != sectionToReload ? 1 : 2)
            XCTAssertEqual(context?.sectionIndex, section)
        }
    }

    /// See the same test in ASUICollectionViewTests for the reference behavior.
    func testThatIssuingAnUpdateBeforeInitialReloadIsAcceptable() {
        let del = ASCollectionViewTestDelegate(numberOfSections: 0, numberOfItemsInSection: 0)
        let cv = ASCollectionView(collectionViewLayout: UICollectionViewFlowLayout())
        cv.asyncDataSource = del
        cv.asyncDelegate = del

        // Add a section to the data source
        del.itemCounts.append(0)
        // Attempt to insert section into collection view. We ignore it to workaround
        // the bug demonstrated by
        // ASUICollectionViewTests.testThatIssuingAnUpdateBeforeInitialReloadIsUnacceptable
        XCTAssertNoThrow(cv.insertSections(IndexSet(integer: 0)))
    }

    func testThatNodeAtIndexPathIsCorrectImmediatelyAfterSubmittingUpdate() {
        let p = UpdateValidationPrologue()
        let cn = p.cn, cv = p.cv, del = p.del
        let indexPath = IndexPath(item: 0, section: 0)

        // Insert an item and assert nodeForItemAtIndexPath: immediately returns new node
        let oldNode = cn.nodeForItem(at: indexPath)
        XCTAssertNotNil(oldNode)
        del.itemCounts[0] += 1
        cv.insertItems(at: [indexPath])
        let newNode = cn.nodeForItem(at: indexPath)
        XCTAssertNotNil(newNode)
        XCTAssertNotEqual(oldNode, newNode)

        // Delete all sections and assert nodeForItemAtIndexPath: immediately returns nil
        let sections = IndexSet(integersIn: 0..<del.itemCounts.count)
        del.itemCounts.removeAll()
        cv.deleteSections(sections)
        XCTAssertNil(cn.nodeForItem(at: indexPath))
    }

    func testThatNilBatchUpdatesCanBeSubmitted() {
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        let cn = testController.collectionNode!

        // Passing nil blocks should not crash
        cn.performBatchUpdates(nil, completion: nil)
        cn.performBatch(animated: false, updates: nil, completion: nil)
    }

    func testThatDeletedItemsAreMarkedInvisible() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        window.rootViewController = testController

        let itemCount = 1
        testController.asyncDelegate.itemCounts = [itemCount]
        window.makeKeyAndVisible()
        window.layoutIfNeeded()

        let cn = testController.collectionNode!
        cn.waitUntilAllUpdatesAreProcessed()
        cn.view.layoutIfNeeded()
        let node = cn.nodeForItem(at: IndexPath(item: 0, section: 0))!
        XCTAssertTrue(node.isVisible)
        testController.asyncDelegate.itemCounts = [0]
        cn.deleteItems(at: [IndexPath(item: 0, section: 0)])
        expectation(for: NSPredicate { _, _ in node.isVisible == false }, evaluatedWith: node, handler: nil)
        waitForExpectations(timeout: 3, handler: nil)
    }

    func testThatBatchFetchHappensForEmptyCollection() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        window.rootViewController = testController

        testController.asyncDelegate.itemCounts = []
        window.makeKeyAndVisible()
        window.layoutIfNeeded()

        let cn = testController.collectionNode!
        cn.waitUntilAllUpdatesAreProcessed()

        var batchFetchCount = 0
        let e = expectation(description: "Batch fetching completed")
        testController.asyncDelegate.willBeginBatchFetch = { context in
            // Ensure only 1 batch fetch happens
            batchFetchCount += 1
            if batchFetchCount > 1 {
                XCTFail("Too many batch fetches!")
                return
            }
            e.fulfill()
        }
        waitForExpectations(timeout: 3, handler: nil)
    }

    func testThatWeBatchFetchUntilContentRequirementIsMet_Animated() {
        _primitiveBatchFetchingFillTestAnimated(true, visible: true, controller: nil)
    }

    func testThatWeBatchFetchUntilContentRequirementIsMet_Nonanimated() {
        _primitiveBatchFetchingFillTestAnimated(false, visible: true, controller: nil)
    }

    func testThatWeBatchFetchUntilContentRequirementIsMet_Invisible() {
        _primitiveBatchFetchingFillTestAnimated(false, visible: false, controller: nil)
    }

    func testThatWhenWeBecomeVisibleWeWillFetchAdditionalContent() {
        let ctrl = ASCollectionViewTestController(nibName: nil, bundle: nil)
        // Start with 1 empty section
        ctrl.asyncDelegate.itemCounts = [0]
        _primitiveBatchFetchingFillTestAnimated(false, visible: false, controller: ctrl)
        XCTAssertGreaterThan(ctrl.collectionNode.numberOfItems(inSection: 0), 0)
        _primitiveBatchFetchingFillTestAnimated(false, visible: true, controller: ctrl)
    }

    func _primitiveBatchFetchingFillTestAnimated(_ animated: Bool, visible: Bool, controller: ASCollectionViewTestController?) {
        var testController: ASCollectionViewTestController! = controller
        if testController == nil {
            testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
            // Start with 1 empty section
            testController.asyncDelegate.itemCounts = [0]
        }
        let cn = testController.collectionNode!

        var window: UIWindow?
        var view: UIView
        if visible {
            window = UIWindow(frame: UIScreen.main.bounds)
            view = window!
        } else {
            view = cn.view
            view.frame = UIScreen.main.bounds
        }

        let expectation = self.expectation(description: "Completed all batch fetches")
        weak let weakController = testController
        var batchFetchCount = 0
        testController.asyncDelegate.willBeginBatchFetch = { context in
            DispatchQueue.main.async {
                let fetchIndex = batchFetchCount
                batchFetchCount += 1

                let itemCount = weakController!.asyncDelegate.itemCounts[0]
                weakController!.asyncDelegate.itemCounts[0] = (itemCount + 1)
                if animated {
                    cn.insertItems(at: [IndexPath(item: itemCount, section: 0)])
                } else {
                    cn.performBatch(animated: false, updates: {
                        cn.insertItems(at: [IndexPath(item: itemCount, section: 0)])
                    }, completion: nil)
                }

                context.completeBatchFetching(true)

                // If no more batch fetches have happened in 1 second, assume we're done.
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                    if fetchIndex == batchFetchCount - 1 {
                        expectation.fulfill()
                    }
                }
            }
        }
        window?.rootViewController = testController

        window?.makeKeyAndVisible()
        // Trigger the initial reload to start
        view.layoutIfNeeded()

        // Wait for ASDK reload to finish
        cn.waitUntilAllUpdatesAreProcessed()
        // Force UIKit to read updated data & range controller to update and account for it
        cn.view.layoutIfNeeded()
        waitForExpectations(timeout: 60, handler: nil)

        let contentHeight = cn.view.contentSize.height
        let requiredContentHeight: CGFloat
        let itemHeight = cn.view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.size.height
        if visible {
            requiredContentHeight = cn.bounds.maxY + cn.bounds.height * cn.view.leadingScreensForBatching
        } else {
            requiredContentHeight = cn.bounds.maxY
        }
        XCTAssertGreaterThan(batchFetchCount, 2)
        XCTAssertGreaterThanOrEqual(contentHeight, requiredContentHeight, "Loaded too little content.")
        XCTAssertLessThanOrEqual(contentHeight, requiredContentHeight + 3 * itemHeight, "Loaded too much content.")
    }

    func testInitialRangeBounds() throws {
        // Weft differs from Texture here (listed in README.md); the port is kept so the difference stays in view.
        try XCTSkipIf(true, "Weft's first layout pass loads the data synchronously, so isProcessingUpdates is already false where Texture's is true; see README")
        testInitialRangeBoundsWithCellLayoutMode([], shouldWaitUntilAllUpdatesAreProcessed: true)
    }

    func testInitialRangeBoundsCellLayoutModeAlwaysAsync() throws {
        // Weft differs from Texture here (listed in README.md); the port is kept so the difference stays in view.
        try XCTSkipIf(true, "As testInitialRangeBounds: the first layout pass loads synchronously; see README")
        testInitialRangeBoundsWithCellLayoutMode(.alwaysAsync, shouldWaitUntilAllUpdatesAreProcessed: true)
    }

    func testInitialRangeBoundsWithCellLayoutMode(_ cellLayoutMode: ASCellLayoutMode, shouldWaitUntilAllUpdatesAreProcessed shouldWait: Bool) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        let cn = testController.collectionNode!
        cn.cellLayoutMode = cellLayoutMode
        cn.setTuningParameters(ASRangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 0), for: .minimum, rangeType: .preload)
        window.rootViewController = testController

        testController.collectionNode.collectionViewLayout.invalidateLayout()
        testController.collectionNode.collectionViewLayout.prepare()

        window.makeKeyAndVisible()
        // Trigger the initial reload to start
        window.layoutIfNeeded()

        if shouldWait {
            XCTAssertTrue(cn.isProcessingUpdates, "ASCollectionNode should still be processing updates after initial layoutIfNeeded call (reloadData)")

            cn.onDidFinishProcessingUpdates {
                XCTAssertTrue(!cn.isProcessingUpdates, "ASCollectionNode should no longer be processing updates inside -onDidFinishProcessingUpdates: block")
            }

            // Wait for ASDK reload to finish
            cn.waitUntilAllUpdatesAreProcessed()
        }

        XCTAssertTrue(!cn.isProcessingUpdates, "ASCollectionNode should no longer be processing updates after -wait call")

        // Force UIKit to read updated data & range controller to update and account for it
        cn.view.layoutIfNeeded()

        var preloadBounds = CGRect.null
        for s in 0..<cn.numberOfSections {
            let c = cn.numberOfItems(inSection: s)
            for i in 0..<c {
                let ip = IndexPath(item: i, section: s)
                let node = cn.nodeForItem(at: ip)!
                if node.isInPreloadState {
                    let frame = cn.view.layoutAttributesForItem(at: ip)!.frame
                    preloadBounds = preloadBounds.union(frame)
                }
            }
        }
        let expectedHeight = cn.bounds.size.height * 3
        XCTAssertEqual(preloadBounds.height, expectedHeight, accuracy: expectedHeight * 0.1)
    }

    func testTraitCollectionChangesMidUpdate() {
        let screenBounds = UIScreen.main.bounds
        let window = UIWindow(frame: screenBounds)
        let testController = ASCollectionViewTestController(nibName: nil, bundle: nil)
        let cn = testController.collectionNode!
        window.rootViewController = testController

        window.makeKeyAndVisible()
        // Trigger the initial reload to start
        window.layoutIfNeeded()

        // The initial reload is async, changing the trait collection here should be "mid-update"
        var traitCollection = ASPrimitiveTraitCollectionMakeDefault()
        traitCollection.displayScale = cn.primitiveTraitCollection().displayScale + 1 // Just a dummy change
        traitCollection.containerSize = screenBounds.size
        cn.setPrimitiveTraitCollection(traitCollection)

        cn.waitUntilAllUpdatesAreProcessed()
        cn.view.layoutIfNeeded()

        // Assert that the new trait collection is picked up by all cell nodes, including ones that were not allocated but are forced to allocate now
        for s in 0..<cn.numberOfSections {
            let c = cn.numberOfItems(inSection: s)
            for i in 0..<c {
                let ip = IndexPath(item: i, section: s)
                let node = cn.view.nodeForItem(at: ip)!
                XCTAssertTrue(ASPrimitiveTraitCollectionIsEqualToASPrimitiveTraitCollection(traitCollection, node.primitiveTraitCollection()))
            }
        }
    }

    func testASPrimitiveTraitCollectionToUITraitCollection() throws {
        var collection = ASPrimitiveTraitCollectionMakeDefault()
        collection.displayGamut = .SRGB
        collection.displayScale = 11
        collection.forceTouchCapability = .available
        collection.horizontalSizeClass = .regular
        collection.layoutDirection = .rightToLeft
        collection.preferredContentSizeCategory = .medium
        collection.userInterfaceIdiom = .tv
        if #available(iOS 12.0, *) {
            collection.userInterfaceStyle = .dark
        }
        collection.verticalSizeClass = .regular

        // create `UITraitCollection` from `ASPrimitiveTraitCollection`
        let uiCollection = ASPrimitiveTraitCollectionToUITraitCollection(collection)

        // now convert it back to `ASPrimitiveTraitCollection`
        let newCollection = ASPrimitiveTraitCollectionFromUITraitCollection(uiCollection)

        // compare
        XCTAssert(ASPrimitiveTraitCollectionIsEqualToASPrimitiveTraitCollection(collection, newCollection))
    }
}

/// A mutable slot a completion block fills in, for Texture's `__block` node variables.
final class NodeBox {
    var node: ASTextCellNodeWithSetSelectedCounter?
}

/// testThatDisappearingSupplementariesWithLayerBackedNodesDontFailAssert's data source mock: one
/// section whose header is a cell node holding a layer-backed subnode.
final class ASLayerBackedSupplementaryDataSource: NSObject, ASCollectionDataSource {
    var keepaliveNodes: [ASCellNode] = []
    private var nodeIdx = 0

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> ASCellNode {
        let suppNode = ASCellNode()
        let thisNodeIdx = nodeIdx
        nodeIdx += 1
        suppNode.debugName = "Cell #\(thisNodeIdx)"
        keepaliveNodes.append(suppNode)

        let layerBacked = ASDisplayNode()
        layerBacked.isLayerBacked = true
        layerBacked.debugName = "Subnode #\(thisNodeIdx)"
        suppNode.addSubnode(layerBacked)
        return suppNode
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return 1
    }
}

/// testThatDisappearingSupplementariesWithLayerBackedNodesDontFailAssert's delegate mock.
final class ASReferenceSizeFlowLayoutDelegate: NSObject, ASCollectionDelegate, UICollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        return CGSize(width: 100, height: 100)
    }
}
