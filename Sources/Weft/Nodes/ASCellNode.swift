import Foundation
import Synchronization

/// The base class of the nodes a collection, table or pager shows per item; Texture's `ASCellNode`.
///
/// Cells are made by node blocks, one per item and never reused. Thread-safe, like every node.
open class ASCellNode: ASDisplayNode {
    // SAFETY: the cell's own state is in `cellState`, behind its mutex.
    private struct CellState {
        var isSelected = false
        var isHighlighted = false
        var neverShowPlaceholders = false
        var selectionStyle = UITableViewCell.SelectionStyle.default
        var indexPath: IndexPath?
        var supplementaryElementKind: String?
        /// The layout version a collection measured this cell at; nil when none has. A newer
        /// version means the cell asked for a new layout (`setNeedsLayout()`), see
        /// `relayoutInvalidatedCells()`.
        var measuredLayoutVersion: Int?
    }

    private let cellState = Mutex(CellState())

    /// See `CellState.measuredLayoutVersion` and `CellLayoutInvalidation`.
    var measuredLayoutVersion: Int? {
        get { cellState.withLock { $0.measuredLayoutVersion } }
        set { cellState.withLock { $0.measuredLayoutVersion = newValue } }
    }

    public override init() {
        super.init()
    }

    /// Whether the cell is selected; false by default.
    public var isSelected: Bool {
        get { cellState.withLock { $0.isSelected } }
        set { cellState.withLock { $0.isSelected = newValue } }
    }

    /// Whether the cell is highlighted; false by default.
    public var isHighlighted: Bool {
        get { cellState.withLock { $0.isHighlighted } }
        set { cellState.withLock { $0.isHighlighted = newValue } }
    }

    /// When true, a cell entering the visible state waits for its display instead of showing a
    /// placeholder; false by default.
    public var neverShowPlaceholders: Bool {
        get { cellState.withLock { $0.neverShowPlaceholders } }
        set { cellState.withLock { $0.neverShowPlaceholders = newValue } }
    }

    /// How a table shows the cell selected; Texture's `selectionStyle`, `.default` by default (as
    /// UIKit's cells). Stored for code that reads it back: offscreen nothing is selected by touch,
    /// and Weft draws no selection highlight for any style (Texture leaves that to UIKit's cell).
    public var selectionStyle: UITableViewCell.SelectionStyle {
        get { cellState.withLock { $0.selectionStyle } }
        set { cellState.withLock { $0.selectionStyle = newValue } }
    }

    /// The item the cell shows, set by its collection; nil outside one.
    public internal(set) var indexPath: IndexPath? {
        get { cellState.withLock { $0.indexPath } }
        set { cellState.withLock { $0.indexPath = newValue } }
    }

    /// The kind of supplementary element (a header, say) the cell is, or nil for an item.
    public internal(set) var supplementaryElementKind: String? {
        get { cellState.withLock { $0.supplementaryElementKind } }
        set { cellState.withLock { $0.supplementaryElementKind = newValue } }
    }
}
