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
        /// Told when `isSelected` changes (the cell's collection), unless the change came from it.
        var interactionDelegate: WeakInteractionDelegate?
        var suspendInteractionDelegate = false
        var layoutAttributes: UICollectionViewLayoutAttributes?
        var nodeModel = NodeModelBox(nil)
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

    /// Texture's `supportsLayerBacking`: false, a cell needs its view.
    open override var supportsLayerBacking: Bool { false }

    /// Whether the cell is selected; false by default. Texture's `isSelected`: setting it selects
    /// or deselects the item in its collection, as Texture's does. Open, as Texture's `setSelected:`
    /// is overridden; the collection sets it when it selects the item.
    open var isSelected: Bool {
        get { cellState.withLock { $0.isSelected } }
        set {
            let delegate = cellState.withLock { s -> WeakInteractionDelegate? in
                guard s.isSelected != newValue else { return nil }
                s.isSelected = newValue
                return s.suspendInteractionDelegate ? nil : s.interactionDelegate
            }
            delegate?.value?.nodeSelectedStateDidChange(self)
        }
    }

    /// See `CellState.interactionDelegate` and `ASCellNodeInteractionDelegate`.
    var interactionDelegate: (any ASCellNodeInteractionDelegate)? {
        get { cellState.withLock { $0.interactionDelegate }?.value }
        set {
            let box = newValue.map(WeakInteractionDelegate.init)
            cellState.withLock { $0.interactionDelegate = box }
        }
    }

    var suspendInteractionDelegate: Bool {
        get { cellState.withLock { $0.suspendInteractionDelegate } }
        set { cellState.withLock { $0.suspendInteractionDelegate = newValue } }
    }

    /// The layout attributes the collection shows the cell with, nil while it is not shown;
    /// Texture's `layoutAttributes`. Setting a value different from the current one calls
    /// `applyLayoutAttributes(_:)` with it (not for nil).
    public var layoutAttributes: UICollectionViewLayoutAttributes? {
        get { cellState.withLock { $0.layoutAttributes } }
        set {
            let changed = cellState.withLock { s -> Bool in
                guard !UICollectionViewLayoutAttributes.sameValues(s.layoutAttributes, newValue) else { return false }
                s.layoutAttributes = newValue
                return true
            }
            if changed, let newValue { applyLayoutAttributes(newValue) }
        }
    }

    /// The view model the cell shows, if any; Texture's `nodeModel`. A collection whose data
    /// source gives node models (`collectionNode(_:nodeModelForItemAt:)`) sets it when the cell
    /// is made, on the node-making thread, and when a reload keeps the cell for a new model (see
    /// `canUpdate(toNodeModel:)`). Open, as Texture's `setNodeModel:` is overridden to configure
    /// the cell. Thread-safe.
    open var nodeModel: Any? {
        get { cellState.withLock { $0.nodeModel }.value }
        set { cellState.withLock { $0.nodeModel = NodeModelBox(newValue) } }
    }

    /// Whether the cell can show `nodeModel` in place of its own, so that a reload keeps the cell
    /// (setting its `nodeModel`) instead of asking the data source for a node block; Texture's
    /// `canUpdateToNodeModel:`. By default, whether `nodeModel` is of the class of the current
    /// model (false without one). Asked on the main actor, while the reload is planned.
    open func canUpdate(toNodeModel nodeModel: Any) -> Bool {
        guard let current = self.nodeModel else { return false }
        return ObjectIdentifier(type(of: current)) == ObjectIdentifier(type(of: nodeModel))
    }

    /// Called with new layout attributes when the collection shows the cell; does nothing by
    /// default. Texture's `applyLayoutAttributes(_:)`, for subclasses that react to custom attributes.
    open func applyLayoutAttributes(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

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
