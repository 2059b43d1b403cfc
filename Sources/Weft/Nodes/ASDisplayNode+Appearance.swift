import Foundation

extension ASDisplayNode {
    /// Painted behind the contents, rounded by `cornerRadius`; nil (no background) by default.
    /// A view block's view takes it too, as Texture's does.
    public var backgroundColor: UIColor? {
        get { self[locked: \.backgroundColor] }
        set {
            self[locked: \.backgroundColor] = newValue
            bridgeToBlockView { $0.backgroundColor = newValue }
        }
    }

    /// The corner radius in points; 0 by default. NaN, infinite and negative radii count as 0,
    /// reported as a `WeftDiagnostic` (area `.appearance`).
    public var cornerRadius: CGFloat {
        get { self[locked: \.cornerRadius] }
        set {
            let radius = newValue.isFinite ? max(0, newValue) : 0
            reportRepair(.appearance, "cornerRadius", given: newValue, used: radius)
            self[locked: \.cornerRadius] = radius
        }
    }

    /// How corners are rounded; `.defaultSlowCALayer` by default, as in Texture.
    public var cornerRoundingType: ASCornerRoundingType {
        get { self[locked: \.cornerRoundingType] }
        set { self[locked: \.cornerRoundingType] = newValue }
    }

    /// The border's width in points, drawn inside the bounds above the subnodes; 0 by default.
    /// NaN, infinite and negative widths count as 0, reported as a `WeftDiagnostic` (area `.appearance`).
    public var borderWidth: CGFloat {
        get { self[locked: \.borderWidth] }
        set {
            let width = newValue.isFinite ? max(0, newValue) : 0
            reportRepair(.appearance, "borderWidth", given: newValue, used: width)
            self[locked: \.borderWidth] = width
        }
    }

    /// The border's colour; black by default, as Core Animation's.
    public var borderColor: UIColor {
        get { self[locked: \.borderColor] }
        set { self[locked: \.borderColor] = newValue }
    }

    /// Whether contents and subnodes are clipped to the (rounded) bounds; false by default.
    public var clipsToBounds: Bool {
        get { self[locked: \.clipsToBounds] }
        set { self[locked: \.clipsToBounds] = newValue }
    }

    /// The opacity of the whole subtree, composited as one group; 1 by default, clamped to 0...1
    /// as UIKit does (silently, as that is UIKit's documented rule). NaN counts as 1, reported as
    /// a `WeftDiagnostic` (area `.appearance`).
    public var alpha: CGFloat {
        get { self[locked: \.alpha] }
        set {
            if newValue.isNaN { reportRepair(.appearance, "alpha", given: newValue, used: 1) }
            self[locked: \.alpha] = newValue.isNaN ? 1 : min(max(newValue, 0), 1)
        }
    }

    /// A hint that the node paints every pixel of its bounds; true by default, as in Texture.
    /// It does not change what is drawn.
    public var isOpaque: Bool {
        get { self[locked: \.isOpaque] }
        set { self[locked: \.isOpaque] = newValue }
    }

    /// Hidden nodes and their subtrees are not rendered.
    public var isHidden: Bool {
        get { self[locked: \.isHidden] }
        set { self[locked: \.isHidden] = newValue }
    }

    /// How contents sit in the bounds; `.scaleToFill` by default. `ASImageNode` uses it to place its image.
    public var contentMode: UIView.ContentMode {
        get { self[locked: \.contentMode] }
        set {
            self[locked: \.contentMode] = newValue
            // Weft draws the contents placed by the mode, where Core Animation moves finished
            // contents by gravity: they go stale without a call Texture code would see.
            markContentsStale()
        }
    }

    /// Draws the contents when set; see `ASDisplayNodeDisplayBlock`.
    public var displayBlock: ASDisplayNodeDisplayBlock? {
        get { self[locked: \.displayBlock] }
        set {
            self[locked: \.displayBlock] = newValue
            markContentsStale()
        }
    }
}
