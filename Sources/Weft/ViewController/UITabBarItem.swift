import Foundation

/// One tab of a tab bar: its title and image; UIKit's `UITabBarItem`. A view controller's
/// `tabBarItem` is the one its tab bar controller's bar shows for it. The bar reads the item
/// each time it draws, so a change shows in the next render. Badges, system items and
/// `imageInsets` are not here: a tab shows its image and title only. Main-actor isolated, as in UIKit.
@preconcurrency @MainActor
open class UITabBarItem {
    /// The text under the image; nil shows no text.
    open var title: String?
    /// The image, drawn at its size, centred above the title. An image with the `.automatic`
    /// rendering mode is drawn as a template in the item's colour, as UIKit's tab bar draws it;
    /// `.alwaysOriginal` keeps its colours.
    open var image: UIImage?
    /// The image shown while the item is selected; nil shows `image`.
    open var selectedImage: UIImage?
    /// UIKit's `tag`: a number the app uses to tell items apart; not drawn.
    open var tag = 0

    /// UIKit's `init()`: no title, no image.
    public init() {}

    /// UIKit's `init(title:image:tag:)`.
    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// UIKit's `init(title:image:selectedImage:)`.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
}
