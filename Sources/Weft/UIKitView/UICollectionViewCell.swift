import Foundation

/// A view a collection reuses for supplementary elements and cells; UIKit's `UICollectionReusableView`.
/// Main-actor isolated.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier it was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection makes a registered class's view: through the class's own `init(frame:)`
    /// (which a subclass overriding UIKit's two designated initializers inherits this from).
    public required convenience init(dequeuedWithFrame frame: CGRect) { self.init(frame: frame) }

    /// Called before the view is handed out again by `dequeueReusableCell`; reset state here.
    open func prepareForReuse() {}
}

/// A cell of a collection, for UICollectionViewCell interop; UIKit's `UICollectionViewCell`.
/// Put content in `contentView`, which is sized to the cell. Main-actor isolated.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes; always the cell's bounds.
    public let contentView = UIView()
    /// Selected cells show `selectedBackgroundView` (when set), as UIKit's do; the cell's own
    /// drawing may read it too. Weft's collections select nothing, so the app sets it.
    open var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsLayout() } }
    }
    open var isHighlighted = false
    /// Drawn behind the content when set.
    open var backgroundView: UIView?
    /// Drawn behind the content instead of `backgroundView` while selected.
    open var selectedBackgroundView: UIView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = CGRect(origin: .zero, size: frame.size)
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let background = isSelected ? (selectedBackgroundView ?? backgroundView) : backgroundView
        for view in [backgroundView, selectedBackgroundView].compactMap({ $0 }) where view !== background { view.removeFromSuperview() }
        if let background {
            if background.superview !== self { insertSubview(background, at: 0) }
            background.frame = bounds
        }
        contentView.frame = bounds
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }
}
