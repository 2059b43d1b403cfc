import Foundation

/// UIKit's `NSStringDrawingOptions`, for `boundingRect(with:options:context:)`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay the text out as lines wrapped at the width; without it the text is one line.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the font's leading. Accepted for ported calls; Weft's lines always
    /// include it (pango's metrics), with or without this option.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Truncate a line that does not fit the width, as the last visible line.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// UIKit's `NSStringDrawingContext`: measuring needs no context here; it is accepted so ported
/// calls compile, and `totalBounds` reports the last measurement it was passed to.
public final class NSStringDrawingContext: @unchecked Sendable {
    // SAFETY: `totalBounds` is behind `lock`.
    private let lock = NSLock()
    private var bounds = CGRect.zero
    public init() {}
    /// The bounds of the last `boundingRect` this context was passed to.
    public var totalBounds: CGRect {
        lock.withLock { bounds }
    }
    func record(_ rect: CGRect) { lock.withLock { bounds = rect } }
}

extension NSAttributedString {
    /// UIKit's `boundingRect(with:options:context:)`: the size the text takes laid out by Weft's
    /// text engine (the one `ASTextNode` draws with) within `size`. With `.usesLineFragmentOrigin`
    /// it wraps at `size.width` (an infinite width does not wrap); without it the text is laid out
    /// as one line, as UIKit does. Sizes are fractional, as UIKit's: round them up
    /// (`ceil`) before using them as a frame.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext? = nil) -> CGRect {
        var request = TextLayoutRequest(content: TextContent(self, subject: "NSAttributedString.boundingRect"))
        request.subject = "NSAttributedString.boundingRect"
        let width = options.contains(.usesLineFragmentOrigin) ? size.width : .infinity
        if !options.contains(.usesLineFragmentOrigin) { request.maximumNumberOfLines = 1 }
        if options.contains(.truncatesLastVisibleLine) { request.truncationMode = .byTruncatingTail }
        let height = options.contains(.truncatesLastVisibleLine) ? size.height : .infinity
        let layout = TextLayoutEngine.layout(request, in: CGSize(width: width, height: height))
        let rect = CGRect(origin: .zero, size: layout.size)
        context?.record(rect)
        return rect
    }
}

extension String {
    /// UIKit's `String.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext? = nil) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}
