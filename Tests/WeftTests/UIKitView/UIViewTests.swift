import Foundation
import Testing
import Weft
import WeftTesting

/// A cell written the way UIKit code writes one: both designated initializers, a label in the
/// content view, layout in `layoutSubviews`.
final class BadgeCell: UICollectionViewCell {
    let label = UILabel()
    var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemOrange
        contentView.layer.cornerRadius = 6
        label.text = "UIKit"
        label.textAlignment = .center
        label.textColor = .white
        label.font = UIFont.boldSystemFont(ofSize: 14)
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        label.frame = contentView.bounds.insetBy(dx: 4, dy: 4)
    }
}

/// A view that draws itself, as `draw(_:)` overrides do.
final class DiagonalView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.systemTeal.setFill()
        UIRectFill(rect)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: rect.width, y: rect.height))
        path.lineWidth = 2
        UIColor.black.setStroke()
        path.stroke()
        UIColor.white.setFill()
        UIBezierPath(ovalIn: CGRect(x: rect.midX - 4, y: rect.midY - 4, width: 8, height: 8)).fill()
    }
}

@MainActor
@Suite struct UIViewTests {
    @Test func geometryFollowsUIKit() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 50, y: 25)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.bounds = CGRect(x: 5, y: 5, width: 40, height: 20)
        #expect(view.frame == CGRect(x: 30, y: 15, width: 40, height: 20), "bounds keep the centre")
        let (_, reports) = WeftDiagnostics.collect(matching: "UIView") { view.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: -3) }
        #expect(view.frame.size == .zero)
        #expect(reports.contains { $0.message.contains("nan") && $0.message.contains("-3") }, "\(reports)")
    }

    @Test func hierarchyRefusesCycles() {
        let root = UIView(), child = UIView(), grandchild = UIView()
        root.addSubview(child)
        child.addSubview(grandchild)
        grandchild.addSubview(root)
        #expect(root.superview == nil)
        child.addSubview(child)
        #expect(child.superview === root)
        root.addSubview(grandchild)
        #expect(grandchild.superview === root && child.subviews.isEmpty && root.subviews.count == 2)
        grandchild.tag = 7
        #expect(root.viewWithTag(7) === grandchild)
    }

    @Test func layoutRunsWhenTheSizeChanges() throws {
        let cell = BadgeCell(frame: CGRect(x: 0, y: 0, width: 80, height: 32))
        _ = try cell.renderBitmap(scale: 1)
        #expect(cell.layouts == 1 && cell.label.frame == CGRect(x: 4, y: 4, width: 72, height: 24))
        _ = try cell.renderBitmap(scale: 1)
        #expect(cell.layouts == 1, "no layout without a change")
        cell.frame = CGRect(x: 0, y: 0, width: 100, height: 32)
        _ = try cell.renderBitmap(scale: 1)
        #expect(cell.layouts == 2 && cell.contentView.bounds.width == 100)
    }

    @Test func aCellDequeuedByItsClassRunsItsOwnInitializer() {
        let type: UICollectionReusableView.Type = BadgeCell.self
        let cell = type.init(dequeuedWithFrame: CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect((cell as? BadgeCell)?.label.text == "UIKit" && cell.frame.width == 60)
    }

    @Test func drawOverridesAndLayersShowInPixels() throws {
        let view = DiagonalView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.layer.borderWidth = 2
        view.layer.borderColor = UIColor.systemRed.cgColor
        view.layer.cornerRadius = 8
        view.clipsToBounds = true
        let bitmap = try view.renderBitmap(scale: 1)
        #expect(bitmap.pixel(x: 0, y: 0).map { $0 >> 24 } == 0, "the rounded, clipped corner is transparent")
        #expect(bitmap.pixel(x: 20, y: 20) == 0xFFFF_FFFF, "the white dot in the middle")
        expectGolden(view, named: "uikit/UIView/draw-override")
    }

    @Test func cellsLabelsAndImageViews() throws {
        let cell = BadgeCell(frame: CGRect(x: 0, y: 0, width: 90, height: 36))
        let image = UIImageView(image: TestSupport.gradientImage(width: 20, height: 12))
        image.frame = CGRect(x: 62, y: 8, width: 20, height: 20)
        image.contentMode = .scaleAspectFit
        cell.contentView.addSubview(image)
        expectGolden(cell, named: "uikit/UICollectionViewCell/badge")
        #expect(UILabel().sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        let label = UILabel()
        label.text = "Hello"
        #expect(label.sizeThatFits(CGSize(width: 200, height: 100)).width > 20)
    }

    /// A node's layer (`node.layer`, `node.view.layer`) is the node's, as in Texture; a plain view's
    /// layer keeps its own values.
    @Test func aNodesLayerIsTheNode() throws {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(node.layer === node.view.layer)
        node.layer.cornerRadius = 5
        node.view.layer.borderWidth = 2
        node.layer.borderColor = UIColor.systemRed.cgColor
        node.layer.masksToBounds = true
        #expect(node.cornerRadius == 5 && node.borderWidth == 2 && node.borderColor == .systemRed && node.clipsToBounds)
        node.borderWidth = 3
        #expect(node.layer.borderWidth == 3 && node.view.clipsToBounds)
        node.layer.borderColor = nil
        #expect(node.borderColor == .clear, "no border colour draws no border")
        node.debugName = "layer-\(UUID().uuidString)"
        let (_, reports) = WeftDiagnostics.collect(matching: node.debugName) { node.layer.cornerRadius = -4 }
        #expect(node.cornerRadius == 0 && reports.count == 1, "the node repairs and reports it, as when set on the node")

        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.cornerRadius = 3
        #expect(view.layer.cornerRadius == 3 && node.cornerRadius == 0)
        let (_, viewReports) = WeftDiagnostics.collect(matching: "borderWidth nan") { view.layer.borderWidth = .nan }
        #expect(view.layer.borderWidth == 0 && !viewReports.isEmpty)
    }

    @Test func viewsCannotBeDecoded() {
        let (view, reports) = WeftDiagnostics.collect(matching: "archive") { UIView(coder: NSCoder()) }
        #expect(view == nil && !reports.isEmpty)
    }
}

/// Views render to a bitmap, so a view golden is a bitmap golden at @1x and @2x.
@MainActor
func expectGolden(_ view: UIView, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    for scale in [CGFloat(1), 2] {
        guard let bitmap = try? view.renderBitmap(scale: scale) else {
            Issue.record("could not render \(view)")
            continue
        }
        WeftTesting.expectGolden(bitmap, named: name, filePath: filePath, line: line)
    }
}
