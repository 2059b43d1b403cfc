import Foundation

/// An alert or action sheet; UIKit's `UIAlertController`, as a stand-in. It keeps its title,
/// message, style and actions, so code that builds one and presents it compiles and runs; it is
/// never drawn (a presented controller is not part of a render) and no action is ever chosen
/// (there are no taps offscreen), so handlers do not run.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// UIKit's `UIAlertController.Style`.
    public enum Style: Int, Sendable { case actionSheet, alert }

    public private(set) var actions: [UIAlertAction] = []
    open var message: String?
    public let preferredStyle: Style
    open var preferredAction: UIAlertAction?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    /// Adds an action; UIKit's `addAction(_:)`.
    open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// A button of an alert; UIKit's `UIAlertAction`. Its handler is kept and never called (see
/// `UIAlertController`).
@preconcurrency @MainActor
open class UIAlertAction {
    /// UIKit's `UIAlertAction.Style`.
    public enum Style: Int, Sendable { case `default`, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    /// What UIKit would run when the action is chosen.
    public let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
