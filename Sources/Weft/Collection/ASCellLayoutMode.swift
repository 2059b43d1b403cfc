/// How a collection node schedules its cells' creation and layout; Texture's `ASCellLayoutMode`.
/// Weft honours `.serializeNodeCreation` (node blocks run one at a time on one background
/// thread); the other options concern Texture's asynchronous updates and range controller,
/// which come with later work, and are kept for source compatibility.
public struct ASCellLayoutMode: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let alwaysSync = ASCellLayoutMode(rawValue: 1 << 1)
    public static let alwaysAsync = ASCellLayoutMode(rawValue: 1 << 2)
    public static let syncForSmallContent = ASCellLayoutMode(rawValue: 1 << 3)
    public static let alwaysReloadData = ASCellLayoutMode(rawValue: 1 << 4)
    public static let disableRangeController = ASCellLayoutMode(rawValue: 1 << 5)
    public static let serializeNodeCreation = ASCellLayoutMode(rawValue: 1 << 6)
    public static let alwaysBatchUpdateSectionReload = ASCellLayoutMode(rawValue: 1 << 7)
}
