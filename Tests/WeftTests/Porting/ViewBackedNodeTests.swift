import Foundation
import Testing
@testable import Weft

/// Texture's view-backed nodes (`setViewBlock`, `init(viewBlock:)`) with UIKit's spinner, as
/// Texture's TailLoadingCellNode example builds one.
@MainActor @Suite struct ViewBackedNodeTests {
    final class SpinnerNode: ASDisplayNode {
        @MainActor var activityIndicatorView: UIActivityIndicatorView { view as! UIActivityIndicatorView }

        override init() {
            super.init()
            setViewBlock { UIActivityIndicatorView(style: .gray) }
            style.preferredSize = CGSize(width: 20, height: 20)
        }

        override func didLoad() {
            super.didLoad()
            activityIndicatorView.startAnimating()
        }
    }

    private func render(_ node: ASDisplayNode) throws -> Bitmap {
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        return try node.renderBitmap(scale: 2)
    }

    @Test func theViewIsTheBlocksAndIsDrawnWhereTheNodeIs() throws {
        let node = SpinnerNode()
        let bitmap = try render(node)
        #expect(node.isNodeLoaded && node.activityIndicatorView.isAnimating)
        #expect(node.view === node.view)
        // The brightest spoke points up: opaque grey above the centre, nothing in the centre.
        let spoke = bitmap.pixel(x: 20, y: 4) ?? 0
        #expect(spoke >> 24 > 200 && (spoke >> 16) & 0xFF > 100 && (spoke >> 16) & 0xFF < 160)
        #expect(bitmap.pixel(x: 20, y: 20) == 0)
        #expect(bitmap.pixel(x: 0, y: 0) == 0)
    }

    @Test func aStoppedSpinnerHidesByDefault() throws {
        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.frame.size == CGSize(width: 37, height: 37) && spinner.isHidden && spinner.hidesWhenStopped)
        spinner.startAnimating()
        #expect(!spinner.isHidden)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        let node = ASDisplayNode(viewBlock: { UIActivityIndicatorView(style: .medium) })
        let bitmap = try render(node)
        #expect((0..<40).allSatisfy { bitmap.pixel(x: $0, y: 4) == 0 })
    }

    @Test func aViewBlockSetAfterTheViewWasMadeIsReportedAndNotUsed() {
        let node = ASDisplayNode()
        _ = node.view
        let (_, diagnostics) = WeftDiagnostics.collect(matching: "setViewBlock") {
            node.setViewBlock { UILabel() }
        }
        #expect(!(node.view is UILabel) && diagnostics.count == 1)
    }
}
