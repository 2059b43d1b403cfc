/// How a collection node schedules its cells' creation, layout and range management; Texture's
/// `ASCellLayoutMode`, with Texture's raw values. `[]` (Texture's `.none`) is the default.
///
/// - `.alwaysSync` / `.alwaysAsync`: whether an editing call waits for its batch. With neither,
///   Texture's rule: synchronous when the batch makes fewer than 2 nodes or the content fits the
///   viewport, otherwise asynchronous.
/// - `.syncForSmallContent`: that rule by name. Texture 3.2 declares the flag and applies the rule
///   whether or not it is set; so does Weft (`.alwaysSync` and `.alwaysAsync` still win).
/// - `.disableRangeController`: cells are not range-managed. A cell on screen is in the hierarchy
///   (preload, display and visible at once) and leaves all three when it scrolls off; nothing is
///   preloaded or displayed ahead of the viewport.
/// - `.serializeNodeCreation`: node blocks run one at a time on one background thread.
/// - `.alwaysReloadData`: each batch reaches the view as UIKit's `reloadData` instead of
///   `performBatchUpdates`, so it is not animated: a frame sequence shows the new state at once,
///   even for `performBatch(animated: true…)`. The data side is unchanged: nodes of untouched items
///   are kept, validation and completions are the same.
/// - `.alwaysBatchUpdateSectionReload`: with `.alwaysReloadData`, a batch that reloads a section is
///   still applied as an (animated) batch update, so a section's cells can animate their new
///   heights. Alone it changes nothing, as in Texture.
/// Texture's rule is in `appliesAsReload(_:)` (ASCollectionView.mm, `_superPerformBatchUpdates`).
public struct ASCellLayoutMode: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No option: Texture's `ASCellLayoutModeNone`.
    public static let none: ASCellLayoutMode = []
    public static let syncForSmallContent = ASCellLayoutMode(rawValue: 1 << 1)
    public static let alwaysSync = ASCellLayoutMode(rawValue: 1 << 2)
    public static let alwaysAsync = ASCellLayoutMode(rawValue: 1 << 3)
    public static let alwaysReloadData = ASCellLayoutMode(rawValue: 1 << 6)
    public static let disableRangeController = ASCellLayoutMode(rawValue: 1 << 7)
    public static let serializeNodeCreation = ASCellLayoutMode(rawValue: 1 << 9)
    public static let alwaysBatchUpdateSectionReload = ASCellLayoutMode(rawValue: 1 << 10)

    /// Whether a batch is applied as a reload (without animation): with `.alwaysReloadData`,
    /// unless `.alwaysBatchUpdateSectionReload` is set and the batch reloads a section.
    func appliesAsReload(_ changes: CollectionChangeSet) -> Bool {
        guard contains(.alwaysReloadData) else { return false }
        let reloadsSection = changes.edits.contains { if case .reloadSection = $0 { return true } else { return false } }
        return !(contains(.alwaysBatchUpdateSectionReload) && reloadsSection)
    }
}
