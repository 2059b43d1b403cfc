import Foundation

/// A view whose content scrolls; UIKit's `UIScrollView`, as far as offscreen rendering needs it:
/// the offset and inset a frame is composited at, and the content size. Main-actor isolated.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// The node this is the view of (`ASCollectionView`, `ASTableView`): its frame, bounds (origin
    /// at the content offset, as a scroll view's), background, offset and inset are the node's, so
    /// a controller that sets them on the view changes the node's frames. Weak: the node owns its view.
    weak var scrollingNode: (any ScrollingNode)?
    private var storedOffset = CGPoint.zero
    private var storedInset = UIEdgeInsets.zero
    private var storedAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic

    /// A NaN or infinite component is set to 0, one past `WeftLimits.maximumScrollExtent`
    /// clamped to it, and reported (by the node, when the view is a node's); so are `contentInset`
    /// and `contentSize` (whose negative sides become 0).
    open var contentOffset: CGPoint {
        get { scrollingNode?.contentOffset ?? storedOffset }
        set {
            if let scrollingNode { scrollingNode.contentOffset = newValue } else {
                storedOffset = GeometryRepair.point(newValue, "\(type(of: self))", "contentOffset")
            }
        }
    }
    open var contentInset: UIEdgeInsets {
        get { scrollingNode?.contentInset ?? storedInset }
        set {
            if let scrollingNode { scrollingNode.contentInset = newValue } else {
                storedInset = GeometryRepair.insets(newValue, "\(type(of: self))", "contentInset")
            }
        }
    }
    /// UIKit's `contentInsetAdjustmentBehavior`; a node's view forwards it to its node, which
    /// applies it to its frames (see `ASCollectionNode.contentInsetAdjustmentBehavior`).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior {
        get { insetAdjustingCollection?.contentInsetAdjustmentBehavior ?? storedAdjustmentBehavior }
        set {
            if let collection = insetAdjustingCollection { collection.contentInsetAdjustmentBehavior = newValue } else { storedAdjustmentBehavior = newValue }
        }
    }
    /// UIKit's `adjustedContentInset`: a collection's or table's view answers its node's; another
    /// view, which Weft gives no safe area to adjust for, answers `contentInset`.
    open var adjustedContentInset: UIEdgeInsets { insetAdjustingCollection?.adjustedContentInset ?? contentInset }

    /// The collection whose frames apply the adjustment: a collection's own, or a table's rows'.
    private var insetAdjustingCollection: ASCollectionNode? {
        (scrollingNode as? ASCollectionNode) ?? (scrollingNode as? ASTableNode)?.collection
    }
    open var contentSize = CGSize.zero {
        didSet {
            let size = GeometryRepair.size(contentSize, "\(type(of: self))", "contentSize")
            if !(size.width == contentSize.width && size.height == contentSize.height) { contentSize = size }
        }
    }
    open var isPagingEnabled = false
    /// Whether the user may scroll; as in UIKit, setting the offset in code works either way, and
    /// offscreen there is no user, so it is stored for code that reads it back.
    open var isScrollEnabled = true
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override var frame: CGRect {
        get { scrollingNode?.frame ?? super.frame }
        set {
            super.frame = newValue
            scrollingNode?.frame = newValue
        }
    }

    open override var bounds: CGRect {
        get { scrollingNode.map { CGRect(origin: $0.contentOffset, size: $0.bounds.size) } ?? super.bounds }
        set {
            super.bounds = newValue
            scrollingNode?.bounds = CGRect(origin: .zero, size: newValue.size)
            scrollingNode?.contentOffset = newValue.origin
        }
    }

    open override var backgroundColor: UIColor? {
        get { scrollingNode.map { $0.backgroundColor } ?? super.backgroundColor }
        set {
            if let scrollingNode { scrollingNode.backgroundColor = newValue } else { super.backgroundColor = newValue }
        }
    }

    /// UIScrollView's `setContentOffset(_:animated:)`; offscreen, animation is a frame sequence's job.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) { contentOffset = offset }
}

/// A node shown by a scroll view (`UIScrollView.scrollingNode`): a collection or a table.
protocol ScrollingNode: ASDisplayNode {
    var contentOffset: CGPoint { get set }
    var contentInset: UIEdgeInsets { get set }
}

extension ASCollectionNode: ScrollingNode {}
extension ASTableNode: ScrollingNode {}

/// UIKit's `UITableView`: the view-side settings Texture code sets on `tableNode.view`
/// (separators above all). `ASTableView` is the subclass an `ASTableNode` has. Main-actor isolated.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// UIKit's `UITableView.Style`.
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    /// UIKit's `UITableViewCell.SeparatorStyle`, reached as `UITableView`'s `separatorStyle`.
    public enum SeparatorStyle: Int, Sendable { case none, singleLine }

    public let style: Style
    open var separatorStyle = SeparatorStyle.singleLine
    /// UIKit's default, `UIColor.separator`: #3C3C43 at 29 % opacity.
    open var separatorColor: UIColor? = UITableView.defaultSeparatorColor
    /// Left and right insets of the separator lines; UIKit's default on a phone is 16 pt on the left.
    /// A NaN or infinite side is set to 0, one past `WeftLimits.maximumScrollExtent` clamped to
    /// it, and reported.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet {
            let inset = GeometryRepair.insets(separatorInset, "\(type(of: self))", "separatorInset")
            if inset != separatorInset { separatorInset = inset }
        }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    nonisolated static let defaultSeparatorColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }
}
