import Foundation
import Testing
import Weft

/// Texture's `ASButtonNode`: defaults, content per control state, and its stack layout.
@Suite struct ButtonNodeTests {
    static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

    static func solidImage(_ size: CGSize, _ color: UIColor) -> UIImage {
        UIImage(bitmap: try! Bitmap(size: size, scale: 1) { $0.fill(CGRect(origin: .zero, size: size), with: color) })
    }

    static func button(size: CGSize = CGSize(width: 200, height: 60)) -> ASButtonNode {
        let button = ASButtonNode()
        button.setTitle("OK", with: UIFont.systemFont(ofSize: 18), with: .black, for: .normal)
        button.setImage(solidImage(CGSize(width: 20, height: 20), red), for: .normal)
        button.frame = CGRect(origin: .zero, size: size)
        button.backgroundColor = .white
        return button
    }

    @Test func defaultsAreTextures() {
        let button = ASButtonNode()
        #expect(button.contentSpacing == 8)
        #expect(button.laysOutHorizontally)
        #expect(button.contentHorizontalAlignment == .middle && button.contentVerticalAlignment == .center)
        #expect(button.contentEdgeInsets == .zero && button.imageAlignment == .beginning)
        #expect(button.isEnabled && !button.isSelected && !button.isHighlighted)
        #expect(button.titleNode.style.flexShrink == 1)
        #expect(button.backgroundImageNode.contentMode == .scaleToFill)
        #expect(button.titleNode.attributedText == nil && button.imageNode.image == nil)
    }

    @Test func setTitleDefaultsToTheButtonFontInBlack() {
        let button = ASButtonNode()
        button.setTitle("Go", with: nil, with: nil, for: .normal)
        let title = button.attributedTitle(for: .normal)
        #expect(title?.string == "Go")
        #expect(title?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == UIFont.systemFont(ofSize: UIFont.buttonFontSize))
        #expect(title?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == UIColor.black)
        #expect(button.titleNode.attributedText?.string == "Go")
    }

    @Test func theTitleFollowsTheControlStateInTexturesOrder() {
        let button = ASButtonNode()
        for (title, state) in [("normal", UIControl.State.normal), ("highlighted", .highlighted), ("selected", .selected), ("disabled", .disabled)] {
            button.setTitle(title, with: nil, with: nil, for: state)
        }
        func shown() -> String? { button.titleNode.attributedText?.string }
        #expect(shown() == "normal")
        button.isHighlighted = true
        #expect(shown() == "highlighted")
        button.isSelected = true
        #expect(shown() == "highlighted", "no selected + highlighted title: highlighted comes first")
        button.setTitle("both", with: nil, with: nil, for: [.selected, .highlighted])
        #expect(shown() == "both")
        button.isHighlighted = false
        #expect(shown() == "selected")
        button.isEnabled = false
        #expect(shown() == "disabled", "disabled wins over every other state")
    }

    @Test func aStateWithoutContentFallsBackToNormal() {
        let button = ASButtonNode()
        let image = Self.solidImage(CGSize(width: 4, height: 4), Self.red)
        button.setImage(image, for: .normal)
        button.setBackgroundImage(image, for: .normal)
        button.isHighlighted = true
        button.isSelected = true
        button.isEnabled = false
        #expect(button.imageNode.image === image && button.backgroundImageNode.image === image)
        #expect(button.image(for: .highlighted) == nil, "the getter reports the state's own slot")
        #expect(button.image(for: .focused) === image, "a state Texture keeps no slot for reads as normal")
        button.setImage(nil, for: .focused)
        #expect(button.image(for: .normal) === image, "setting a state without a slot is ignored")
    }

    @Test func imageAndTitleAreCentredEightPointsApart() throws {
        let button = Self.button()
        button.layoutIfNeeded()
        let image = button.imageNode.frame, title = button.titleNode.frame
        let titleSize = button.titleNode.calculatedSize
        #expect(image.size == CGSize(width: 20, height: 20))
        #expect(title.size == titleSize && titleSize.width > 0)
        #expect(title.minX == image.maxX + 8, "contentSpacing 8 between the image and the title")
        let contentWidth = 20 + 8 + titleSize.width
        #expect(image.minX == (200 - contentWidth) / 2, "centred horizontally")
        #expect(image.midY == 30)
        #expect(abs(title.midY - 30) <= 0.5, "centred vertically, to the pixel: \(title)")
        let bitmap = try button.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: Int(image.midX), y: Int(image.midY)) == 0xFFFF_0000, "the image is drawn where it is laid out")
        #expect(bitmap.pixel(x: Int(image.minX) - 2, y: 30) == 0xFFFF_FFFF)
    }

    @Test func imageAlignmentEndPutsTheTitleFirst() {
        let button = Self.button()
        button.imageAlignment = .end
        button.layoutIfNeeded()
        #expect(button.imageNode.frame.minX == button.titleNode.frame.maxX + 8)
    }

    @Test func verticalLayoutPutsTheImageAboveTheTitle() {
        let button = Self.button(size: CGSize(width: 100, height: 100))
        button.laysOutHorizontally = false
        button.contentSpacing = 4
        button.layoutIfNeeded()
        #expect(button.titleNode.frame.minY == button.imageNode.frame.maxY + 4)
        #expect(button.imageNode.frame.midX == 50, "centred horizontally in a vertical stack")
    }

    @Test func contentEdgeInsetsAndAlignmentPlaceTheContent() {
        let button = Self.button()
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 0, right: 0)
        button.layoutIfNeeded()
        #expect(button.imageNode.frame.origin == CGPoint(x: 10, y: 5))
    }

    @Test func theBackgroundImageFillsTheButton() throws {
        let button = Self.button()
        button.setBackgroundImage(Self.solidImage(CGSize(width: 2, height: 2), UIColor(red: 0, green: 0, blue: 1, alpha: 1)), for: .normal)
        button.layoutIfNeeded()
        #expect(button.backgroundImageNode.frame == CGRect(x: 0, y: 0, width: 200, height: 60))
        let bitmap = try button.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 2, y: 2) == 0xFF00_00FF)
    }

    @Test func aStateChangeRelaysTheButtonOut() {
        let button = Self.button()
        button.setTitle("A much longer title", with: UIFont.systemFont(ofSize: 18), with: .black, for: .selected)
        button.layoutIfNeeded()
        let normalWidth = button.titleNode.frame.width
        button.isSelected = true
        button.layoutIfNeeded()
        #expect(button.titleNode.frame.width > normalWidth)
        #expect(button.titleNode.attributedText?.string == "A much longer title")
    }
}
