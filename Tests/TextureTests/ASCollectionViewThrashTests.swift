// Texture's Tests/ASCollectionViewThrashTests.mm (see README.md).
import XCTest
import Weft

final class ASCollectionViewThrashTests: XCTestCase {
    // The current update, which will be logged in case of a failure.
    private var _update: ASThrashUpdate?
    private var _failed = false

    // Texture's setUp turns on an ASConfiguration experiment (see README.md).

    override func tearDown() {
        super.tearDown()
        if _failed, let update = _update {
            print("Failed update \(update): \(update.logFriendlyBase64Representation())")
        }
        _failed = false
        _update = nil
    }

    // Texture overrides `recordIssue:`; swift-corelibs-xctest records failures here.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        _failed = true
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    func verifyDataSource(_ ds: ASThrashDataSource) {
        let collectionView: ASCollectionNode = ds.collectionView
        let data = ds.data
        // Texture reads `data[i]` for each of the collection's sections; the port checks the count
        // first, so a wrong count fails the test instead of trapping.
        XCTAssertEqual(collectionView.numberOfSections, data.count)
        for i in 0..<min(collectionView.numberOfSections, data.count) {
            XCTAssertEqual(collectionView.numberOfItems(inSection: i), data[i].items.count)

            for j in 0..<min(collectionView.numberOfItems(inSection: i), data[i].items.count) {
                let indexPath = IndexPath(item: j, section: i)
                let item = data[i].items[j]
                let node = collectionView.nodeForItem(at: indexPath) as? ASThrashTestNode
                XCTAssertEqual(node?.item, item, "Wrong node at index path \(indexPath)")
            }
        }
    }

    // MARK: Test Methods

    func testInitialDataRead() {
        let ds = ASThrashDataSource(collectionViewDataSourceWithData: ASThrashTestSection.sections(withCount: kInitialSectionCount))
        verifyDataSource(ds)
    }

    /// Replays the Base64 representation of an ASThrashUpdate from "ASThrashTestRecordedCase" file
    func testRecordedThrashCase() throws {
        let caseURL = try XCTUnwrap(Bundle.module.url(forResource: "ASThrashTestRecordedCase", withExtension: nil, subdirectory: "TestResources"))
        let base64 = try String(contentsOf: caseURL, encoding: .utf8)

        _update = ASThrashUpdate.thrashUpdate(withBase64String: base64)
        // Texture returns here, passing, when the case does not decode; the port fails.
        let update = try XCTUnwrap(_update, "ASThrashTestRecordedCase did not decode")

        let ds = ASThrashDataSource(collectionViewDataSourceWithData: update.oldData)
        applyUpdateUsingBatchUpdates(update,
                                     toDataSource: ds,
                                     animated: false,
                                     useXCTestWait: true)
        verifyDataSource(ds)
    }

    func testThrashingWildly() {
        for i in 0..<kThrashingIterationCount {
            setUp()
            do {
                let sections = ASThrashTestSection.sections(withCount: kInitialSectionCount)
                let update = ASThrashUpdate(data: sections, seed: ASThrashSeeds.seed(forIteration: i))
                _update = update
                let ds = ASThrashDataSource(collectionViewDataSourceWithData: sections)

                applyUpdateUsingBatchUpdates(update,
                                             toDataSource: ds,
                                             animated: false,
                                             useXCTestWait: false)
                verifyDataSource(ds)
                expectation(for: ds.predicateForDeallocatedHierarchy(), evaluatedWith: NSNull(), handler: nil)
            }
            waitForExpectations(timeout: 3, handler: nil)

            tearDown()
        }
    }

    func testThrashingWildlyOnSameCollectionView() {
        let expectation = self.expectation(description: "last test ran")
        let ds = ASThrashDataSource(collectionViewDataSourceWithData: nil)
        for i in 0..<ASCollectionViewThrashTests.sameCollectionViewIterationCount {
            setUp()
            do {
                let sections = ASThrashTestSection.sections(withCount: kInitialSectionCount)
                let update = ASThrashUpdate(data: sections, seed: ASThrashSeeds.seed(forIteration: i))
                _update = update
                ds.setData(sections)
                ds.collectionView.reloadData()

                applyUpdateUsingBatchUpdates(update,
                                             toDataSource: ds,
                                             animated: false,
                                             useXCTestWait: false)
                verifyDataSource(ds)
                if i == ASCollectionViewThrashTests.sameCollectionViewIterationCount - 1 {
                    expectation.fulfill()
                }
            }

            tearDown()
        }
        waitForExpectations(timeout: 3, handler: nil)
    }

    func testThrashingWildlyDispatchWildly() {
        let expectation = self.expectation(description: "last test ran")
        for i in 0..<kThrashingIterationCount {
            setUp()
            do {
                DispatchQueue.main.async {
                    let sections = ASThrashTestSection.sections(withCount: kInitialSectionCount)
                    let update = ASThrashUpdate(data: sections, seed: ASThrashSeeds.seed(forIteration: i))
                    self._update = update
                    let ds = ASThrashDataSource(collectionViewDataSourceWithData: sections)

                    self.applyUpdateUsingBatchUpdates(update,
                                                      toDataSource: ds,
                                                      animated: false,
                                                      useXCTestWait: false)
                    self.verifyDataSource(ds)
                    if i == kThrashingIterationCount - 1 {
                        expectation.fulfill()
                    }
                }
            }

            tearDown()
        }

        waitForExpectations(timeout: 100, handler: nil)
    }

    /// Texture runs 1000, some 20 s in a debug build here; 100 keep the test to 1–3 s (see README.md).
    static let sameCollectionViewIterationCount = 100

    // MARK: Helpers

    func applyUpdateUsingBatchUpdates(_ update: ASThrashUpdate,
                                      toDataSource dataSource: ASThrashDataSource, animated: Bool,
                                      useXCTestWait wait: Bool) {
        let collectionView: ASCollectionNode = dataSource.collectionView

        let expectation: XCTestExpectation? = wait ? self.expectation(description: "Wait for collection view to update") : nil

        let updateBlock = {
            dataSource.data = update.data

            collectionView.insertSections(update.insertedSectionIndexes)
            collectionView.deleteSections(update.deletedSectionIndexes)
            collectionView.reloadSections(update.replacedSectionIndexes)

            for (idx, indexes) in update.insertedItemIndexes.enumerated() {
                let indexPaths = indexes.indexPaths(inSection: idx)
                collectionView.insertItems(at: indexPaths)
            }

            for (idx, indexes) in update.deletedItemIndexes.enumerated() {
                let indexPaths = indexes.indexPaths(inSection: idx)
                collectionView.deleteItems(at: indexPaths)
            }

            for (idx, indexes) in update.replacedItemIndexes.enumerated() {
                let indexPaths = indexes.indexPaths(inSection: idx)
                collectionView.reloadItems(at: indexPaths)
            }
        }

        // Texture catches the exception an invalid batch raises and fails the test; Weft rejects
        // the batch whole and tells `onUpdateError` why.
        collectionView.onUpdateError = { error in
            XCTFail("TEST FAILED: \(error)")
        }
        collectionView.performBatch(animated: animated,
                                    updates: updateBlock,
                                    completion: { _ in
                                        expectation?.fulfill()
                                    })

        if wait {
            waitForExpectations(timeout: 1, handler: nil)
        }
    }
}
