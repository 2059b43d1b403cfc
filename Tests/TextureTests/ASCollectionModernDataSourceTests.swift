// Texture's Tests/ASCollectionModernDataSourceTests.mm: node models (`nodeModelForItemAt`,
// `canUpdate(toNodeModel:)`) and section contexts, with the order in which the collection asks
// its data source. OCMock's strict protocol mock with `setExpectationOrderMatters:YES` becomes
// `MockModernDataSource` below, and the cells' partial mocks `ASTestCellNode`: each call is
// checked against the next expected one, and tearDown verifies that every expected call came
// (Texture's ASTestCase verifies its registered mocks there, and resets the configuration).
import Foundation
import XCTest
import Weft

final class ASCollectionModernDataSourceTests: XCTestCase {
    private var mockDataSource: MockModernDataSource!
    private var window: UIWindow!
    private var viewController: UIViewController!
    private var collectionNode: ASCollectionNode!
    private var sections: [ASTestSection] = []
    /// The cells given expectations (OCMock registers every partial mock; only these expect calls).
    private var mockedCellNodes: [ASTestCellNode] = []

    override func setUp() {
        super.setUp()

        let config = ASConfiguration()
        config.experimentalFeatures = .optimizeDataControllerPipeline
        ASConfigurationManager.test_reset(with: config)

        // Default is 2 sections: 2 items in first, 1 item in second.
        sections = []
        sections.append(ASTestSection())
        sections[0].nodeModels.append(NSObject())
        sections[0].nodeModels.append(NSObject())
        sections.append(ASTestSection())
        sections[1].nodeModels.append(NSObject())
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        viewController = UIViewController()

        window.rootViewController = viewController
        window.makeKeyAndVisible()
        collectionNode = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        collectionNode.frame = viewController.view.bounds
        collectionNode.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        viewController.view.addSubnode(collectionNode)

        // Implements the five methods OCMock's `addImplementedOptionalProtocolMethods:` names.
        mockDataSource = MockModernDataSource()

        collectionNode.dataSource = mockDataSource
    }

    override func tearDown() {
        collectionNode.waitUntilAllUpdatesAreProcessed()
        mockDataSource.verifyAll()
        for node in mockedCellNodes { node.verifyAll() }
        mockedCellNodes = []
        ASConfigurationManager.test_reset(with: nil)
        super.tearDown()
    }

    // MARK: - Test Methods

    func testInitialDataLoading() {
        loadInitialData()
    }

    func testReloadingAnItem() {
        loadInitialData()

        // Reload at (0, 0)
        let reloadedPath = IndexPath(item: 0, section: 0)

        performUpdate(reloadingSections: nil,
                      reloadingItems: [reloadedPath: NSObject()],
                      reloadMappings: [reloadedPath: reloadedPath],
                      insertingItems: nil,
                      deletingItems: nil,
                      skippedReloadIndexPaths: nil)
    }

    func testInsertingAnItem() {
        loadInitialData()

        // Insert at (1, 0)
        let insertedPath = IndexPath(item: 0, section: 1)

        performUpdate(reloadingSections: nil,
                      reloadingItems: nil,
                      reloadMappings: nil,
                      insertingItems: [insertedPath: NSObject()],
                      deletingItems: nil,
                      skippedReloadIndexPaths: nil)
    }

    func testReloadingAnItemWithACompatibleNodeModel() {
        loadInitialData()

        // Reload and delete together, for good measure.
        let reloadedPath = IndexPath(item: 1, section: 0)
        let deletedPath = IndexPath(item: 0, section: 0)

        let nodeModel = NSObject()

        // Cell node should get -canUpdateToNodeModel:
        let mockCellNode = collectionNode.nodeForItem(at: reloadedPath) as! ASTestCellNode
        mockCellNode.expectCanUpdate(toNodeModel: nodeModel, andReturn: true)
        mockedCellNodes.append(mockCellNode)

        performUpdate(reloadingSections: nil,
                      reloadingItems: [reloadedPath: nodeModel],
                      reloadMappings: [reloadedPath: IndexPath(item: 0, section: 0)],
                      insertingItems: nil,
                      deletingItems: [deletedPath],
                      skippedReloadIndexPaths: [reloadedPath])
    }

    func testReloadingASection() {
        loadInitialData()

        performUpdate(reloadingSections: [0: ASTestSection()],
                      reloadingItems: nil,
                      reloadMappings: nil,
                      insertingItems: nil,
                      deletingItems: nil,
                      skippedReloadIndexPaths: nil)
    }

    // MARK: - Helpers

    func loadInitialData() {
        // Count methods are called twice in a row for first data load.
        // Since -reloadData is routed through our batch update system,
        // the batch update latches the "old data source counts" if needed at -beginUpdates time
        // and then verifies them against the "new data source counts" after the updates.
        // This isn't ideal, but the cost is very small and the system works well.
        for _ in 0..<2 {
            // It reads all the counts
            expectDataSourceCountMethods()
        }

        // It reads each section object.
        for section in 0..<sections.count {
            expectContextMethod(forSection: section)
        }

        // It reads the contents for each item.
        for section in 0..<sections.count {
            let nodeModels = sections[section].nodeModels

            // For each item:
            for i in 0..<nodeModels.count {
                let indexPath = IndexPath(item: i, section: section)
                expectNodeModelMethodForItem(at: indexPath, nodeModel: nodeModels[i])
                expectNodeBlockMethodForItem(at: indexPath)
            }
        }

        window.layoutIfNeeded()

        // Assert item counts & content:
        assertCollectionNodeContent()
    }

    /// Adds expectations for the sequence:
    ///
    /// numberOfSectionsInCollectionNode:
    /// for section in countsArray
    ///  numberOfItemsInSection:
    func expectDataSourceCountMethods() {
        // -numberOfSectionsInCollectionNode
        let sectionCount = sections.count
        mockDataSource.expect("numberOfSectionsInCollectionNode:", on: collectionNode) { sectionCount }

        // For each section:
        for section in 0..<sections.count {
            let itemCount = sections[section].nodeModels.count
            mockDataSource.expect("collectionNode:numberOfItemsInSection: \(section)", on: collectionNode) { itemCount }
        }
    }

    func expectNodeModelMethodForItem(at indexPath: IndexPath, nodeModel: NSObject) {
        mockDataSource.expect("collectionNode:nodeModelForItemAtIndexPath: \(indexPath)", on: collectionNode) { nodeModel }
    }

    func expectContextMethod(forSection section: Int) {
        let context = sections[section]
        mockDataSource.expect("collectionNode:contextForSection: \(section)", on: collectionNode) { context }
    }

    func expectNodeBlockMethodForItem(at indexPath: IndexPath) {
        mockDataSource.expect("collectionNode:nodeBlockForItemAtIndexPath: \(indexPath)", on: collectionNode) {
            { () -> ASCellNode in
                // Texture returns an OCMock partial mock of the node; ASTestCellNode records its calls.
                ASTestCellNode()
            } as ASCellNodeBlock
        }
    }

    /// Asserts that counts match and all view-models are up-to-date between us and collectionNode.
    func assertCollectionNodeContent(file: StaticString = #filePath, line: UInt = #line) {
        // Assert section count
        XCTAssertEqual(collectionNode.numberOfSections, sections.count, file: file, line: line)

        for section in 0..<sections.count {
            let sectionObject = sections[section]
            let nodeModels = sectionObject.nodeModels

            // Assert section object
            XCTAssert(collectionNode.context(forSection: section) === sectionObject, "context of section \(section)", file: file, line: line)

            // Assert item count
            XCTAssertEqual(collectionNode.numberOfItems(inSection: section), nodeModels.count, file: file, line: line)
            for item in 0..<nodeModels.count {
                // Assert node model
                // Could use pointer equality but the error message is less readable.
                let indexPath = IndexPath(item: item, section: section)
                let nodeModel = nodeModels[indexPath.item]
                XCTAssertEqual(nodeModel, collectionNode.nodeModelForItem(at: indexPath) as? NSObject, file: file, line: line)
                let node = collectionNode.nodeForItem(at: indexPath)
                XCTAssertEqual(node?.nodeModel as? NSObject, nodeModel, file: file, line: line)
            }
        }
    }

    /// Updates the collection node, with expectations and assertions about the call-order and the correctness of the
    /// new data. You should update the data source _before_ calling this method.
    ///
    /// skippedReloadIndexPaths are the old index paths for nodes that should use -canUpdateToNodeModel: instead of being refetched.
    func performUpdate(reloadingSections reloadedSections: [Int: ASTestSection]?,
                       reloadingItems reloadedItems: [IndexPath: NSObject]?,
                       reloadMappings: [IndexPath: IndexPath]?,
                       insertingItems insertedItems: [IndexPath: NSObject]?,
                       deletingItems deletedItems: [IndexPath]?,
                       skippedReloadIndexPaths: [IndexPath]?) {
        collectionNode.performBatchUpdates({
            // First update our data source.
            for (key, obj) in reloadedItems ?? [:] {
                self.sections[key.section].nodeModels[key.item] = obj
            }
            for (key, obj) in reloadedSections ?? [:] {
                self.sections[key] = obj
            }

            // Deletion paths, sorted descending
            for indexPath in (deletedItems ?? []).sorted().reversed() {
                self.sections[indexPath.section].nodeModels.remove(at: indexPath.item)
            }

            // Insertion paths, sorted ascending.
            let insertionsSortedAcending = (insertedItems ?? [:]).keys.sorted()
            for indexPath in insertionsSortedAcending {
                self.sections[indexPath.section].nodeModels.insert(insertedItems![indexPath]!, at: indexPath.item)
            }

            // Then update the collection node.
            var reloadedSectionIndexes = IndexSet()
            for i in (reloadedSections ?? [:]).keys {
                reloadedSectionIndexes.insert(i)
            }
            self.collectionNode.reloadSections(reloadedSectionIndexes)
            self.collectionNode.reloadItems(at: Array((reloadedItems ?? [:]).keys))
            self.collectionNode.deleteItems(at: deletedItems ?? [])
            self.collectionNode.insertItems(at: Array((insertedItems ?? [:]).keys))

            // Before the commit, lay out our expectations.

            // Expect it to load the new counts.
            self.expectDataSourceCountMethods()

            // Combine reloads + inserts and expect them to load content for all of them, in ascending order.
            var insertsPlusReloads = insertedItems ?? [:]

            // Go through reloaded sections and add all their items into `insertsPlusReloads`
            for section in reloadedSectionIndexes {
                self.expectContextMethod(forSection: section)
                let nodeModels = self.sections[section].nodeModels
                for i in 0..<nodeModels.count {
                    let indexPath = IndexPath(item: i, section: section)
                    insertsPlusReloads[indexPath] = nodeModels[i]
                }
            }

            for (key, obj) in reloadedItems ?? [:] {
                insertsPlusReloads[reloadMappings![key]!] = obj
            }

            for indexPath in insertsPlusReloads.keys.sorted() {
                self.expectNodeModelMethodForItem(at: indexPath, nodeModel: insertsPlusReloads[indexPath]!)
                let oldIndexPath = (reloadMappings ?? [:]).first(where: { $0.value == indexPath })?.key
                let isSkippedReload = oldIndexPath.map { (skippedReloadIndexPaths ?? []).contains($0) } ?? false
                if !isSkippedReload {
                    self.expectNodeBlockMethodForItem(at: indexPath)
                }
            }
        }, completion: nil)

        // Assert that the counts and node models are all correct now.
        assertCollectionNodeContent()
    }
}

// MARK: - Other Objects

/// Texture's ASTestCellNode, with OCMock's partial mock folded in: `canUpdate(toNodeModel:)`
/// answers an expected call's answer (OCMExpect(...).andReturn), checked in order, and otherwise
/// the class's own NO. Called on the main actor while a batch is planned; the lock is for tearDown.
final class ASTestCellNode: ASCellNode {
    private let expectationLock = NSLock()
    private var expectedCanUpdate: [(nodeModel: AnyObject, answer: Bool)] = []

    func expectCanUpdate(toNodeModel nodeModel: AnyObject, andReturn answer: Bool) {
        expectationLock.lock()
        expectedCanUpdate.append((nodeModel, answer))
        expectationLock.unlock()
    }

    override func canUpdate(toNodeModel nodeModel: Any) -> Bool {
        expectationLock.lock()
        defer { expectationLock.unlock() }
        if let next = expectedCanUpdate.first, next.nodeModel === (nodeModel as AnyObject) {
            expectedCanUpdate.removeFirst()
            return next.answer
        }
        // Our tests default to NO for migrating node models. We use an expectation to return YES when we specifically want to.
        return false
    }

    func verifyAll(file: StaticString = #filePath, line: UInt = #line) {
        expectationLock.lock()
        let missing = expectedCanUpdate.map { "canUpdateToNodeModel: \($0.nodeModel)" }
        expectationLock.unlock()
        XCTAssert(missing.isEmpty, "ASTestCellNode: expected calls did not come: \(missing)", file: file, line: line)
    }
}

final class ASTestSection: NSObject, ASSectionContext {
    var nodeModels: [NSObject] = []

    var sectionName: String?
    weak var collectionView: ASCollectionView?
}

/// OCMStrictProtocolMock(@protocol(ASCollectionDataSource)) answering the five methods the test
/// adds, with `setExpectationOrderMatters:YES`: every call must be the next expected one, made
/// with the expected collection node, or the test fails naming both. Used on the main actor (the
/// collection asks its data source there); the lock is for tearDown.
final class MockModernDataSource: NSObject, ASCollectionDataSource {
    private let lock = NSLock()
    private var expected: [(call: String, collectionNode: ASCollectionNode, answer: () -> Any?)] = []
    private var failures: [String] = []

    func expect(_ call: String, on collectionNode: ASCollectionNode, andReturn answer: @escaping () -> Any?) {
        lock.lock()
        expected.append((call, collectionNode, answer))
        lock.unlock()
    }

    /// The expected answer to `call`, or nil (after recording and reporting the failure) when
    /// `call` is not the next expected one.
    private func record(_ call: String, _ collectionNode: ASCollectionNode) -> Any? {
        lock.lock()
        guard let next = expected.first, next.call == call, next.collectionNode === collectionNode else {
            let failure = "unexpected call \(call); expected \(expected.first?.call ?? "no more calls")"
            failures.append(failure)
            lock.unlock()
            XCTFail("MockModernDataSource: \(failure)")
            return nil
        }
        expected.removeFirst()
        lock.unlock()
        return next.answer()
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        record("numberOfSectionsInCollectionNode:", collectionNode) as? Int ?? 0
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        record("collectionNode:numberOfItemsInSection: \(section)", collectionNode) as? Int ?? 0
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
        record("collectionNode:nodeBlockForItemAtIndexPath: \(indexPath)", collectionNode) as? ASCellNodeBlock ?? { ASTestCellNode() }
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeModelForItemAt indexPath: IndexPath) -> Any? {
        record("collectionNode:nodeModelForItemAtIndexPath: \(indexPath)", collectionNode)
    }

    func collectionNode(_ collectionNode: ASCollectionNode, contextForSection section: Int) -> ASSectionContext? {
        record("collectionNode:contextForSection: \(section)", collectionNode) as? ASSectionContext
    }

    /// OCMVerifyAll: every expected call came, and nothing unexpected.
    func verifyAll(file: StaticString = #filePath, line: UInt = #line) {
        lock.lock()
        let missing = expected.map(\.call), failed = failures
        lock.unlock()
        XCTAssert(missing.isEmpty, "MockModernDataSource: expected calls did not come: \(missing)", file: file, line: line)
        XCTAssert(failed.isEmpty, "MockModernDataSource: \(failed)", file: file, line: line)
    }
}
