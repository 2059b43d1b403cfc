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
///
/// Texture's `.alwaysReloadData` and `.alwaysBatchUpdateSectionReload` choose between UIKit's
/// `reloadData` and `performBatchUpdates` when a batch reaches the view; offscreen, with no update
/// animations yet, the two give the same frames, so Weft does not offer them.
public struct ASCellLayoutMode: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No option: Texture's `ASCellLayoutModeNone`.
    public static let none: ASCellLayoutMode = []
    public static let syncForSmallContent = ASCellLayoutMode(rawValue: 1 << 1)
    public static let alwaysSync = ASCellLayoutMode(rawValue: 1 << 2)
    public static let alwaysAsync = ASCellLayoutMode(rawValue: 1 << 3)
    public static let disableRangeController = ASCellLayoutMode(rawValue: 1 << 7)
    public static let serializeNodeCreation = ASCellLayoutMode(rawValue: 1 << 9)
}
