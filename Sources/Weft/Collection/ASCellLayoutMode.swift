/// How a collection node schedules its cells' creation and layout; Texture's `ASCellLayoutMode`.
/// Weft honours `.serializeNodeCreation` (node blocks run one at a time on one background
/// thread), and `.alwaysSync` / `.alwaysAsync` for batch updates (whether the editing call waits
/// for the batch; neither: Texture's rule, synchronous when the batch makes fewer than 2 nodes or
/// the content fits the viewport). `syncForSmallContent`, `alwaysReloadData`,
/// `disableRangeController` and `alwaysBatchUpdateSectionReload` are accepted for source
/// compatibility and change nothing yet. `[]` (Texture's `.none`) is the default.
public struct ASCellLayoutMode: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No option: Texture's `ASCellLayoutModeNone`.
    public static let none: ASCellLayoutMode = []
    public static let alwaysSync = ASCellLayoutMode(rawValue: 1 << 1)
    public static let alwaysAsync = ASCellLayoutMode(rawValue: 1 << 2)
    public static let syncForSmallContent = ASCellLayoutMode(rawValue: 1 << 3)
    public static let alwaysReloadData = ASCellLayoutMode(rawValue: 1 << 4)
    public static let disableRangeController = ASCellLayoutMode(rawValue: 1 << 5)
    public static let serializeNodeCreation = ASCellLayoutMode(rawValue: 1 << 6)
    public static let alwaysBatchUpdateSectionReload = ASCellLayoutMode(rawValue: 1 << 7)
}
