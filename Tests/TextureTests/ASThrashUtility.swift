// Texture's Tests/ASThrashUtility.h and ASThrashUtility.m: random batches of section and item
// inserts, deletes and reloads ("updates") applied to a data model, then checked against the view.
// The table parts and the UIKit reference mode are not ported (see README.md). The random draws
// come from a seeded generator (`ASThrashRandom`) in place of `arc4random_uniform`, so a failing
// update can be made again from the seed its test prints.
import Foundation
import Weft

let kInitialSectionCount = 10
let kInitialItemCount = 10
let kMinimumItemCount = 5
let kMinimumSectionCount = 3
let kFickleness: Float = 0.1
let kThrashingIterationCount = 10

let ASThrashUpdateCurrentSerializationVersion = 1

/// Texture's `static atomic_uint` ID counters: updates are made on the main thread and on the
/// dispatched blocks of the tests, so the counters take a lock.
final class ASThrashIDCounter: @unchecked Sendable {
    // SAFETY: `next` is only read and written under `lock`.
    private let lock = NSLock()
    private var next: Int

    init(first: Int) {
        next = first
    }

    func fetchAdd() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let value = next
        next += 1
        return value
    }
}

private let ASThrashTestItemNextID = ASThrashIDCounter(first: 0)
private let ASThrashTestSectionNextID = ASThrashIDCounter(first: 1)

/// SplitMix64: the random source of `ASThrashUpdate(data:seed:)` and of
/// `IndexSet.randomIndexes(lessThan:probability:insertMode:using:)`.
struct ASThrashRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func ASThrashArrayDescription(_ array: [Any]) -> String {
    var str = "(\n"
    for (i, obj) in array.enumerated() {
        str += "\t[\(i)]: \"\(obj)\",\n"
    }
    str += ")"
    return str
}

final class ASThrashTestItem: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    let itemID: Int

    override init() {
        itemID = ASThrashTestItemNextID.fetchAdd()
        super.init()
    }

    required init?(coder aDecoder: NSCoder) {
        itemID = aDecoder.decodeInteger(forKey: "itemID")
        super.init()
        assert(itemID > 0, "Failed to decode \(self)")
    }

    func encode(with aCoder: NSCoder) {
        aCoder.encode(itemID, forKey: "itemID")
    }

    static func items(withCount count: Int) -> [ASThrashTestItem] {
        (0..<count).map { _ in ASThrashTestItem() }
    }

    func rowHeight() -> CGFloat {
        let height = itemID % 400
        return CGFloat(height != 0 ? height : 44)
    }

    override var description: String {
        "<Item \(itemID)>"
    }
}

final class ASThrashTestSection: NSObject, NSCopying, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var items: [ASThrashTestItem]
    let sectionID: Int

    /// Create an array of sections with the given count
    static func sections(withCount count: Int) -> [ASThrashTestSection] {
        (0..<count).map { _ in ASThrashTestSection(count: kInitialItemCount) }
    }

    init(count: Int) {
        sectionID = ASThrashTestSectionNextID.fetchAdd()
        items = ASThrashTestItem.items(withCount: count)
        super.init()
    }

    override convenience init() {
        self.init(count: 0)
    }

    private init(sectionID: Int, items: [ASThrashTestItem]) {
        self.sectionID = sectionID
        self.items = items
        super.init()
    }

    required init?(coder aDecoder: NSCoder) {
        items = aDecoder.decodeObject(of: [NSArray.self, ASThrashTestItem.self], forKey: "items") as? [ASThrashTestItem] ?? []
        sectionID = aDecoder.decodeInteger(forKey: "sectionID")
        super.init()
        assert(sectionID > 0, "Failed to decode \(self)")
    }

    func encode(with aCoder: NSCoder) {
        aCoder.encode(items as NSArray, forKey: "items")
        aCoder.encode(sectionID, forKey: "sectionID")
    }

    func headerHeight() -> CGFloat {
        let height = sectionID % 400
        return CGFloat(height != 0 ? height : 44)
    }

    override var description: String {
        "<Section \(sectionID): itemCount=\(items.count), items=\(ASThrashArrayDescription(items))>"
    }

    func copy(with zone: NSZone? = nil) -> Any {
        ASThrashTestSection(sectionID: sectionID, items: items)
    }

    override func isEqual(_ object: Any?) -> Bool {
        if let section = object as? ASThrashTestSection {
            return section.sectionID == sectionID
        } else {
            return false
        }
    }

    override var hash: Int {
        sectionID.hashValue
    }
}

extension IndexSet {
    func indexPaths(inSection section: Int) -> [IndexPath] {
        map { IndexPath(item: $0, section: section) }
    }

    /// `insertMode` means that for each index selected, the max goes up by one.
    static func randomIndexes(lessThan max: Int, probability: Float, insertMode: Bool, using generator: inout ASThrashRandom) -> IndexSet {
        var max = max
        var indexes = IndexSet()
        let cutoff = UInt32(probability * 100)
        var i = 0
        while i < max {
            if UInt32.random(in: 0..<100, using: &generator) < cutoff {
                indexes.insert(i)
                if insertMode {
                    max += 1
                }
            }
            i += 1
        }
        return indexes
    }
}

/// NSMutableArray's `replaceObjectsAtIndexes:withObjects:`, `removeObjectsAtIndexes:` and
/// `insertObjects:atIndexes:`.
extension Array {
    mutating func replaceObjects(at indexes: IndexSet, with objects: [Element]) {
        for (index, object) in zip(indexes, objects) {
            self[index] = object
        }
    }

    mutating func removeObjects(at indexes: IndexSet) {
        for index in indexes.reversed() {
            remove(at: index)
        }
    }

    mutating func insert(_ objects: [Element], at indexes: IndexSet) {
        for (index, object) in zip(indexes, objects) {
            insert(object, at: index)
        }
    }
}

/// Texture's ASThrashDataSource, both halves: a table view's (`init(tableViewDataSourceWithData:)`)
/// or a collection node's (`init(collectionViewDataSourceWithData:)`). Texture's `tableView` and
/// `collectionView` are nonnull in its header, one of them nil: implicitly unwrapped here.
final class ASThrashDataSource: NSObject, ASTableDataSource, ASTableDelegate, ASCollectionDelegate, ASCollectionDataSource {
    let window: UIWindow
    private(set) var tableView: ASTableView!
    private(set) var collectionView: ASCollectionNode!
    var data: [ASThrashTestSection]
    // Only access on main
    let allNodes: ASWeakSet<ASCellNode>

    init(tableViewDataSourceWithData data: [ASThrashTestSection]) {
        self.data = data.map { $0.copy() as! ASThrashTestSection }
        window = UIWindow(frame: UIScreen.main.bounds)
        allNodes = ASWeakSet()
        super.init()
        tableView = ASTableView(frame: window.bounds, style: .plain)
        window.addSubview(tableView)
        tableView.asyncDelegate = self
        tableView.asyncDataSource = self
        tableView.reloadData()
        tableView.waitUntilAllUpdatesAreCommitted()
        tableView.layoutIfNeeded()
    }

    init(collectionViewDataSourceWithData data: [ASThrashTestSection]?) {
        self.data = data?.map { $0.copy() as! ASThrashTestSection } ?? []
        window = UIWindow(frame: UIScreen.main.bounds)
        allNodes = ASWeakSet()
        super.init()
        collectionView = ASCollectionNode(collectionViewLayout: UICollectionViewFlowLayout())
        // Texture adds its `_tableView` to the window here, which is nil for a collection: the
        // collection stays out of the window.
        collectionView.delegate = self
        collectionView.dataSource = self
        collectionView.reloadData()
        collectionView.waitUntilAllUpdatesAreProcessed()
        collectionView.layoutIfNeeded()
    }

    func setData(_ data: [ASThrashTestSection]) {
        self.data = data
    }

    func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int {
        return data[section].items.count
    }

    func numberOfSections(in collectionNode: ASCollectionNode) -> Int {
        return data.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return data[section].items.count
    }

    func numberOfSections(in tableView: UITableView) -> Int {
        return data.count
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        return data[section].headerHeight()
    }

    /// Object passed into predicate is ignored.
    func predicateForDeallocatedHierarchy() -> NSPredicate {
        let allNodes = self.allNodes
        return NSPredicate { [weak window = self.window, weak view = self.tableView] _, _ in
            window == nil && view == nil && allNodes.isEmpty
        }
    }

    func tableView(_ tableView: ASTableView, nodeForRowAt indexPath: IndexPath) -> ASCellNode {
        let node = ASThrashTestNode()
        node.item = data[indexPath.section].items[indexPath.item]
        allNodes.add(node)
        return node
    }

    func collectionNode(_ collectionNode: ASCollectionNode, nodeForItemAt indexPath: IndexPath) -> ASCellNode {
        let node = ASThrashTestNode()
        node.item = data[indexPath.section].items[indexPath.row]
        allNodes.add(node)
        return node
    }
}

final class ASThrashTestNode: ASCellNode {
    var item: ASThrashTestItem?

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        assert(!constrainedSize.width.isInfinite)
        return CGSize(width: constrainedSize.width, height: 44)
    }
}

final class ASThrashUpdate: NSObject, NSSecureCoding {
    let oldData: [ASThrashTestSection]
    let data: [ASThrashTestSection]
    let deletedSectionIndexes: IndexSet
    let replacedSectionIndexes: IndexSet
    /// The sections used to replace the replaced sections.
    let replacingSections: [ASThrashTestSection]
    let insertedSectionIndexes: IndexSet
    let insertedSections: [ASThrashTestSection]
    let deletedItemIndexes: [IndexSet]
    let replacedItemIndexes: [IndexSet]
    /// The items used to replace the replaced items.
    let replacingItems: [[ASThrashTestItem]]
    let insertedItemIndexes: [IndexSet]
    let insertedItems: [[ASThrashTestItem]]
    /// The seed of the random draws that made this update; nil for a decoded one.
    let seed: UInt64?

    init(data: [ASThrashTestSection], seed: UInt64) {
        // Texture fills the properties in place; the port builds them as locals, which the
        // initialiser stores at the end.
        var random = ASThrashRandom(seed: seed)
        var data = data.map { $0.copy() as! ASThrashTestSection }
        let oldData = data.map { $0.copy() as! ASThrashTestSection }

        var deletedItemIndexes: [IndexSet] = []
        var replacedItemIndexes: [IndexSet] = []
        var insertedItemIndexes: [IndexSet] = []
        var replacingItems: [[ASThrashTestItem]] = []
        var insertedItems: [[ASThrashTestItem]] = []

        // Randomly reload some items
        for section in data {
            let indexes = IndexSet.randomIndexes(lessThan: section.items.count, probability: kFickleness, insertMode: false, using: &random)
            let newItems = ASThrashTestItem.items(withCount: indexes.count)
            section.items.replaceObjects(at: indexes, with: newItems)
            replacingItems.append(newItems)
            replacedItemIndexes.append(indexes)
        }

        // Randomly replace some sections
        let replacedSectionIndexes = IndexSet.randomIndexes(lessThan: data.count, probability: kFickleness, insertMode: false, using: &random)
        let replacingSections = ASThrashTestSection.sections(withCount: replacedSectionIndexes.count)
        data.replaceObjects(at: replacedSectionIndexes, with: replacingSections)

        // Randomly delete some items
        for (idx, section) in data.enumerated() {
            if section.items.count >= kMinimumItemCount {
                var indexes = IndexSet.randomIndexes(lessThan: section.items.count, probability: kFickleness, insertMode: false, using: &random)

                /// Cannot reload & delete the same item.
                indexes.subtract(replacedItemIndexes[idx])

                section.items.removeObjects(at: indexes)
                deletedItemIndexes.append(indexes)
            } else {
                deletedItemIndexes.append(IndexSet())
            }
        }

        // Randomly delete some sections
        var deletedSectionIndexes: IndexSet
        if data.count >= kMinimumSectionCount {
            deletedSectionIndexes = IndexSet.randomIndexes(lessThan: data.count, probability: kFickleness, insertMode: false, using: &random)
        } else {
            deletedSectionIndexes = IndexSet()
        }
        // Cannot replace & delete the same section.
        deletedSectionIndexes.subtract(replacedSectionIndexes)

        // Cannot delete/replace item in deleted/replaced section
        for idx in deletedSectionIndexes {
            replacedItemIndexes[idx].removeAll()
            deletedItemIndexes[idx].removeAll()
        }
        for idx in replacedSectionIndexes {
            replacedItemIndexes[idx].removeAll()
            deletedItemIndexes[idx].removeAll()
        }
        data.removeObjects(at: deletedSectionIndexes)

        // Randomly insert some sections
        let insertedSectionIndexes = IndexSet.randomIndexes(lessThan: data.count + 1, probability: kFickleness, insertMode: true, using: &random)
        let insertedSections = ASThrashTestSection.sections(withCount: insertedSectionIndexes.count)
        data.insert(insertedSections, at: insertedSectionIndexes)

        // Randomly insert some items
        for section in data {
            // Only insert items into the old sections – not replaced/inserted sections.
            if oldData.contains(section) {
                let indexes = IndexSet.randomIndexes(lessThan: section.items.count + 1, probability: kFickleness, insertMode: true, using: &random)
                let newItems = ASThrashTestItem.items(withCount: indexes.count)
                section.items.insert(newItems, at: indexes)
                insertedItems.append(newItems)
                insertedItemIndexes.append(indexes)
            } else {
                insertedItems.append([])
                insertedItemIndexes.append(IndexSet())
            }
        }

        self.oldData = oldData
        self.data = data
        self.deletedSectionIndexes = deletedSectionIndexes
        self.replacedSectionIndexes = replacedSectionIndexes
        self.replacingSections = replacingSections
        self.insertedSectionIndexes = insertedSectionIndexes
        self.insertedSections = insertedSections
        self.deletedItemIndexes = deletedItemIndexes
        self.replacedItemIndexes = replacedItemIndexes
        self.replacingItems = replacingItems
        self.insertedItemIndexes = insertedItemIndexes
        self.insertedItems = insertedItems
        self.seed = seed
        super.init()
    }

    static var supportsSecureCoding: Bool { true }

    /// The classes an archived update holds, for `NSKeyedUnarchiver`'s secure decoding.
    private static let archivedClasses: [AnyClass] = [
        ASThrashUpdate.self, ASThrashTestSection.self, ASThrashTestItem.self,
        NSDictionary.self, NSArray.self, NSMutableArray.self, NSIndexSet.self, NSMutableIndexSet.self, NSString.self,
    ]

    /// The archive names its classes as Objective-C does, without a module.
    private static func registerClassNames() {
        NSKeyedUnarchiver.setClass(ASThrashUpdate.self, forClassName: "ASThrashUpdate")
        NSKeyedUnarchiver.setClass(ASThrashTestSection.self, forClassName: "ASThrashTestSection")
        NSKeyedUnarchiver.setClass(ASThrashTestItem.self, forClassName: "ASThrashTestItem")
        NSKeyedArchiver.setClassName("ASThrashUpdate", for: ASThrashUpdate.self)
        NSKeyedArchiver.setClassName("ASThrashTestSection", for: ASThrashTestSection.self)
        NSKeyedArchiver.setClassName("ASThrashTestItem", for: ASThrashTestItem.self)
    }

    static func thrashUpdate(withBase64String base64: String) -> ASThrashUpdate? {
        registerClassNames()
        guard let data = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return nil
        }
        return (try? NSKeyedUnarchiver.unarchivedObject(ofClasses: archivedClasses, from: data)) as? ASThrashUpdate
    }

    func base64Representation() -> String {
        ASThrashUpdate.registerClassNames()
        let data = try? NSKeyedArchiver.archivedData(withRootObject: self, requiringSecureCoding: false)
        return data?.base64EncodedString() ?? ""
    }

    /// The values Texture archives through key-value coding, by name.
    private var archivedValues: [String: Any] {
        [
            "oldData": oldData,
            "data": data,
            "deletedSectionIndexes": deletedSectionIndexes,
            "replacedSectionIndexes": replacedSectionIndexes,
            "replacingSections": replacingSections,
            "insertedSectionIndexes": insertedSectionIndexes,
            "insertedSections": insertedSections,
            "deletedItemIndexes": deletedItemIndexes,
            "replacedItemIndexes": replacedItemIndexes,
            "replacingItems": replacingItems,
            "insertedItemIndexes": insertedItemIndexes,
            "insertedItems": insertedItems,
        ]
    }

    func encode(with aCoder: NSCoder) {
        aCoder.encode(archivedValues as NSDictionary, forKey: "_dict")
        aCoder.encode(ASThrashUpdateCurrentSerializationVersion, forKey: "_version")
    }

    /// Texture sets the archived dictionary with `setValuesForKeysWithDictionary:`; each key is
    /// read by name here. An archive of another version, or missing a key, does not decode.
    required init?(coder aDecoder: NSCoder) {
        guard ASThrashUpdateCurrentSerializationVersion == aDecoder.decodeInteger(forKey: "_version"),
              let dict = aDecoder.decodeObject(of: ASThrashUpdate.archivedClasses, forKey: "_dict") as? [String: Any],
              let oldData = dict["oldData"] as? [ASThrashTestSection],
              let data = dict["data"] as? [ASThrashTestSection],
              let deletedSectionIndexes = dict["deletedSectionIndexes"] as? IndexSet,
              let replacedSectionIndexes = dict["replacedSectionIndexes"] as? IndexSet,
              let replacingSections = dict["replacingSections"] as? [ASThrashTestSection],
              let insertedSectionIndexes = dict["insertedSectionIndexes"] as? IndexSet,
              let insertedSections = dict["insertedSections"] as? [ASThrashTestSection],
              let deletedItemIndexes = dict["deletedItemIndexes"] as? [IndexSet],
              let replacedItemIndexes = dict["replacedItemIndexes"] as? [IndexSet],
              let replacingItems = dict["replacingItems"] as? [[ASThrashTestItem]],
              let insertedItemIndexes = dict["insertedItemIndexes"] as? [IndexSet],
              let insertedItems = dict["insertedItems"] as? [[ASThrashTestItem]]
        else {
            return nil
        }
        self.oldData = oldData
        self.data = data
        self.deletedSectionIndexes = deletedSectionIndexes
        self.replacedSectionIndexes = replacedSectionIndexes
        self.replacingSections = replacingSections
        self.insertedSectionIndexes = insertedSectionIndexes
        self.insertedSections = insertedSections
        self.deletedItemIndexes = deletedItemIndexes
        self.replacedItemIndexes = replacedItemIndexes
        self.replacingItems = replacingItems
        self.insertedItemIndexes = insertedItemIndexes
        self.insertedItems = insertedItems
        self.seed = nil
        super.init()
    }

    override var description: String {
        let seedLine = seed.map { "Seed: \($0)\n" } ?? ""
        return "<ASThrashUpdate \(ObjectIdentifier(self)):\n\(seedLine)Old data: \(ASThrashArrayDescription(oldData))\nDeleted items: \(ASThrashArrayDescription(deletedItemIndexes))\nDeleted sections: \(deletedSectionIndexes)\nReplaced items: \(ASThrashArrayDescription(replacedItemIndexes))\nReplaced sections: \(replacedSectionIndexes)\nInserted items: \(ASThrashArrayDescription(insertedItemIndexes))\nInserted sections: \(insertedSectionIndexes)\nNew data: \(ASThrashArrayDescription(data))>"
    }

    func logFriendlyBase64Representation() -> String {
        "\n\n**********\nBase64 Representation:\n**********\n\(base64Representation())\n**********\nEnd Base64 Representation\n**********"
    }
}

/// The seed of each thrash iteration: `THRASH_SEED` from the environment when set (to make a
/// failing run again), else a random one; iteration `i` uses `base &+ i`. Printed with a failure.
enum ASThrashSeeds {
    static let base: UInt64 = ProcessInfo.processInfo.environment["THRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: .min ... .max)

    static func seed(forIteration i: Int) -> UInt64 {
        base &+ UInt64(i)
    }
}
