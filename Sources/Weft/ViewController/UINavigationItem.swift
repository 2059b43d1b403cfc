import Foundation

/// What a navigation bar would show for a controller; UIKit's `UINavigationItem`, as a stand-in:
/// stored for code that sets and reads it, never drawn (Weft draws no navigation bar).
@preconcurrency @MainActor
open class UINavigationItem {
    open var title: String?
    open var prompt: String?
    open var titleView: UIView?
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    open var backBarButtonItem: UIBarButtonItem?
    open var hidesBackButton = false

    public init(title: String) { self.title = title }
    public init() {}
}

/// A bar button; UIKit's `UIBarButtonItem`, as a stand-in: stored, never drawn, and its action is
/// never sent (there are no taps offscreen, and no Objective-C runtime to send a `Selector`).
@preconcurrency @MainActor
open class UIBarButtonItem {
    /// UIKit's `UIBarButtonItem.Style`.
    public enum Style: Int, Sendable { case plain, bordered, done }
    /// UIKit's `UIBarButtonItem.SystemItem`.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl, close
    }

    open var title: String?
    open var image: UIImage?
    open var style: Style
    public let systemItem: SystemItem?
    open var customView: UIView?
    open var isEnabled = true
    open var tintColor: UIColor?
    open weak var target: AnyObject?
    open var action: Selector?

    public init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.title = title
        self.style = style
        systemItem = nil
        self.target = target as AnyObject?
        self.action = action
    }

    public init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.image = image
        self.style = style
        systemItem = nil
        self.target = target as AnyObject?
        self.action = action
    }

    public init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        style = .plain
        self.systemItem = systemItem
        self.target = target as AnyObject?
        self.action = action
    }

    public init(customView: UIView) {
        style = .plain
        systemItem = nil
        self.customView = customView
    }
}
