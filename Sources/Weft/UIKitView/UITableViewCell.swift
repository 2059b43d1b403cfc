import Foundation

/// UIKit's `UITableViewCell`, for the types Texture code names through it
/// (`UITableViewCell.SelectionStyle`, which `ASCellNode.selectionStyle` takes).
///
/// Weft's tables show nodes and never make table cells, so this is a plain view holding its
/// `selectionStyle`. Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// UIKit's `UITableViewCell.SelectionStyle`, with UIKit's raw values.
    public enum SelectionStyle: Int, Sendable {
        case none = 0
        case blue = 1
        case gray = 2
        case `default` = 3
    }

    /// UIKit's `selectionStyle`; `.default` by default.
    open var selectionStyle = SelectionStyle.default

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
