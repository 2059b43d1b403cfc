import Foundation
import Testing
@testable import Weft

@Suite struct LayoutVocabularyTests {
    @Test func dimensionsParseTextureStrings() {
        #expect(ASDimensionMake("50%") == ASDimension(unit: .fraction, value: 0.5))
        #expect(ASDimensionMake("100pt") == ASDimension(unit: .points, value: 100))
        #expect(ASDimensionMake("auto") == .auto)
        #expect(ASDimensionMake("wide") == .auto)
        #expect(ASDimensionMake(12).resolve(parentSize: 99, autoSize: 0) == 12)
        #expect(ASDimensionMakeWithFraction(0.25).resolve(parentSize: 200, autoSize: 0) == 50)
        #expect(ASDimension.auto.resolve(parentSize: 200, autoSize: 7) == 7)
    }

    @Test func badDimensionsAreClampedByTheDocumentedRule() {
        #expect(ASDimensionMake(-5) == ASDimensionMake(0))
        #expect(ASDimensionMake(CGFloat.nan) == .auto)
        #expect(ASDimensionMakeWithFraction(1.5).value == 1)
        #expect(ASDimension(unit: .fraction, value: .nan) == .auto)
    }

    @Test func sizeRangeIntersectionFollowsTexture() {
        let a = ASSizeRange(min: .zero, max: CGSize(width: 5, height: 5))
        let b = ASSizeRange(min: CGSize(width: 10, height: 10), max: CGSize(width: 15, height: 15))
        #expect(a.intersect(b) == ASSizeRange(exactly: CGSize(width: 5, height: 5)))
        #expect(b.intersect(a) == ASSizeRange(exactly: CGSize(width: 10, height: 10)))
        let c = ASSizeRange(min: CGSize(width: 2, height: 3), max: CGSize(width: 8, height: 9))
        #expect(a.intersect(c) == ASSizeRange(min: CGSize(width: 2, height: 3), max: CGSize(width: 5, height: 5)))
        #expect(ASSizeRangeClamp(c, CGSize(width: 100, height: 0)) == CGSize(width: 8, height: 3))
        #expect(ASSizeRangeUnconstrained.max.width == .infinity)
    }

    @Test func stylesResolveMinOverMaxOverExact() {
        let style = ASLayoutElementStyle()
        style.width = ASDimensionMake(80)
        style.maxWidth = ASDimensionMake(50)
        #expect(style.values.sizeRange(parentSize: .zero).max.width == 50)
        style.minWidth = ASDimensionMake(60)
        #expect(style.values.sizeRange(parentSize: .zero).min.width == 60 && style.values.sizeRange(parentSize: .zero).max.width == 60)
        style.preferredSize = CGSize(width: 10, height: 20)
        #expect(style.preferredSize == CGSize(width: 10, height: 20))
        style.height = ASDimensionMake("50%")
        #expect(style.values.sizeRange(parentSize: CGSize(width: 0, height: 300)).min.height == 150)
        #expect(style.values.sizeRange(parentSize: ASLayoutElementParentSizeUndefined).max.height == .infinity)
    }

    @Test func styleDefaultsMatchTexture() {
        let style = ASLayoutElementStyle()
        #expect(style.flexGrow == 0 && style.flexShrink == 0 && style.flexBasis == .auto && style.alignSelf == .auto)
        #expect(style.width == .auto && style.spacingBefore == 0 && style.layoutPosition == .zero && style.ascender == 0)
        style.flexGrow = -3
        style.spacingAfter = .infinity
        #expect(style.flexGrow == 0 && style.spacingAfter == 0)
    }

    @Test func stackDefaultsMatchTexture() {
        let stack = ASStackLayoutSpec()
        #expect(stack.direction == .horizontal && stack.spacing == 0 && stack.justifyContent == .start)
        #expect(stack.alignItems == .stretch && stack.flexWrap == .noWrap && stack.alignContent == .start && stack.lineSpacing == 0)
        #expect(ASStackLayoutSpec.vertical().direction == .vertical)
    }

    @Test func pixelRoundingFollowsTheScreenScale() {
        withScreenScale(3) {
            #expect(ASCeilPixelValue(100.666666666669) == CGFloat(302) / 3)
            #expect(ASFloorPixelValue(100.66666666663) == CGFloat(302) / 3)
            let layout = ASLayout(layoutElement: ASLayoutSpec(), size: CGSize(width: 10.1, height: 0))
            #expect(layout.size.width == CGFloat(31) / 3)
        }
        withScreenScale(1) {
            #expect(ASLayout(layoutElement: ASLayoutSpec(), size: CGSize(width: 36.67, height: 1)).size.width == 37)
        }
        withScreenScale(2) {
            #expect(ASCeilPixelValue(36.67) == 37 && ASCeilPixelValue(127.27) == 127.5 && ASRoundPixelValue(75.25) == 75.5)
        }
    }

    @Test func layoutDumpIsReadable() {
        let a = L.box(50, 50), b = L.box(30, 20)
        a.debugName = "avatar"
        let stack = L.stack(spacing: 4, align: .start, [a, b])
        let dump = withScreenScale(2) { stack.layoutThatFits(ASSizeRangeUnconstrained).recursiveDescription }
        #expect(dump == """
        ASStackLayoutSpec (0.0, 0.0, 84.0, 50.0)
          ASDisplayNode "avatar" (0.0, 0.0, 50.0, 50.0)
          ASDisplayNode (54.0, 0.0, 30.0, 20.0)
        """)
    }
}

/// Texture's older name for the absolute spec still lays out as the absolute spec.
@Suite struct StaticLayoutSpecTests {
    @available(*, deprecated)
    @Test func staticLayoutSpecIsTheAbsoluteSpec() {
        let child = ASDisplayNode()
        child.style.preferredSize = CGSize(width: 10, height: 10)
        child.style.layoutPosition = CGPoint(x: 5, y: 7)
        let spec: ASStaticLayoutSpec = ASStaticLayoutSpec(children: [child])
        let layout = spec.layoutThatFits(ASSizeRange(min: .zero, max: CGSize(width: 100, height: 100)))
        #expect(layout.sublayouts.first?.frame == CGRect(x: 5, y: 7, width: 10, height: 10))
    }
}
