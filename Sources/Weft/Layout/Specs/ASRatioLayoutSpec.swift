import Foundation

/// Keeps its child at an aspect ratio, height ÷ width; Texture's `ASRatioLayoutSpec`.
///
/// Candidates are (max width, floor(ratio × max width)) and (floor(max height ÷ ratio), max
/// height), each clamped to the range; the one whose ratio is closest wins. With no finite
/// maximum the range passes through unchanged. A ratio that is not finite and positive is
/// reported as an issue and treated the same way.
/// Configure on one thread, then lay out from any.
open class ASRatioLayoutSpec: ASLayoutSpec {
    public var ratio: CGFloat

    public init(ratio: CGFloat, child: any ASLayoutElement) {
        self.ratio = ratio
        super.init()
        self.child = child
    }

    open override func calculateLayoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        guard let child else { return missingChildLayout("child") }
        let validRatio = ratio.isFinite && ratio > 0
        func validForSize(_ v: CGFloat) -> Bool { v.isFinite && v >= 0 && v < 10_000_000 }
        var options: [CGSize] = []
        if validRatio, validForSize(constrainedSize.max.width) {
            options.append(constrainedSize.clamp(CGSize(width: constrainedSize.max.width, height: ASFloorPixelValue(ratio * constrainedSize.max.width))))
        }
        if validRatio, validForSize(constrainedSize.max.height) {
            options.append(constrainedSize.clamp(CGSize(width: ASFloorPixelValue(constrainedSize.max.height / ratio), height: constrainedSize.max.height)))
        }
        // The first of equally good candidates wins, as with std::max_element.
        var best: CGSize?
        for option in options {
            guard let current = best else { best = option; continue }
            if abs(option.height / option.width - ratio) < abs(current.height / current.width - ratio) { best = option }
        }
        let childRange = best.map { constrainedSize.intersect(ASSizeRange(exactly: $0)) } ?? constrainedSize
        let sublayout = child.layoutThatFits(childRange, parentSize: best ?? ASLayoutElementParentSizeUndefined).positioned(at: .zero)
        let issues: [ASLayoutIssue] = validRatio ? [] : [.invalidRatio(spec: ASLayout.name(of: self), ratio: ratio)]
        return ASLayout(layoutElement: self, size: sublayout.size, sublayouts: [sublayout], issues: issues)
    }
}
