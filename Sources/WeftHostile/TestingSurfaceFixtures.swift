import Foundation
import Weft
import WeftTesting

/// An object like UIKit's `UIAccessibilityElement`, not a node, with elements of its own.
final class FakeAccessibilityElement {
    var accessibilityElements: [Any] = []
}

/// Trees the accessibility cases share.
enum AccessibilityTrees {
    static func label(_ text: String) -> ASDisplayNode {
        let node = ASDisplayNode()
        node.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        node.isAccessibilityElement = true
        node.accessibilityLabel = text
        node.debugName = text.count > 40 ? "long label" : text
        return node
    }

    static func labelled(_ text: String) -> ASDisplayNode {
        let root = Fixture.box(CGSize(width: 40, height: 40), name: "root")
        root.addSubnode(label(text))
        return root
    }

    /// A root holding a node named `name` whose subnodes are labelled elements.
    static func container(named name: String, labels: [String]) -> (root: ASDisplayNode, container: ASDisplayNode, labels: [ASDisplayNode]) {
        let root = Fixture.box(CGSize(width: 100, height: 100), name: "root")
        let container = ASDisplayNode()
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        container.debugName = name
        let nodes = labels.map(label)
        for node in nodes { container.addSubnode(node) }
        root.addSubnode(container)
        return (root, container, nodes)
    }

    static func expectLabels(_ elements: [AccessibilityElement]?, _ expected: [String]) throws {
        let labels = (elements ?? []).compactMap(\.label)
        try Expect.that(labels.sorted() == expected.sorted(), "the elements read were \(labels), not \(expected) once each")
    }

    static func faintText(size: CGFloat) -> ASDisplayNode {
        let root = Fixture.box(CGSize(width: 200, height: 60), .white, name: "root")
        root.addSubnode(Fixture.text("Faint", attributes: [.foregroundColor: UIColor(white: 0.85, alpha: 1), .font: UIFont.systemFont(ofSize: size)]))
        return root
    }

    static func smallButton() -> ASDisplayNode {
        let root = Fixture.box(CGSize(width: 100, height: 100), .white, name: "root")
        let button = ASButtonNode()
        button.setTitle("Go", with: UIFont.systemFont(ofSize: 12), with: .black, for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSubnode(button)
        return root
    }
}

/// Names that would become paths.
enum NameChecks {
    /// A device named `name` names its matrix cells with the name made one safe component, reported.
    static func expectSanitisedDevice(_ name: String, shown: String? = nil) throws {
        let matrix = SnapshotMatrix(devices: [ViewImageConfig(size: CGSize(width: 10, height: 10), name: name)])
        let cells = try Expect.diagnostic(containing: shown ?? name) { matrix.cells } ?? []
        try Expect.that(!cells.isEmpty, "no cells")
        for cell in cells {
            try Expect.that(!cell.name.contains("/") && !cell.name.utf8.contains(0) && cell.name != "..", "cell name \(String(reflecting: cell.name))")
        }
        // Its golden lands inside the golden folder.
        let folder = Fixture.folder()
        let store = GoldenStore(goldenDirectory: URL(fileURLWithPath: folder + "/golden"), artifactsDirectory: URL(fileURLWithPath: folder + "/artifacts"))
        let bitmap = try Bitmap(size: CGSize(width: 2, height: 2), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 2, height: 2), with: .red) }
        let result = store.verify(bitmap, file: "matrix/" + cells[0].name + "@1x.png", recording: .success(.missing))
        guard case .recorded(let path) = result else { throw HostileFailure("recording gave \(String(describing: result))") }
        try Expect.that(URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(folder + "/golden/"), "the golden went to \(path)")
    }

    /// A golden named `name` is refused before anything is written, the name shown.
    static func expectRefusedGolden(_ name: String, shown: String? = nil) throws {
        let folder = Fixture.folder()
        let store = GoldenStore(goldenDirectory: URL(fileURLWithPath: folder + "/a/golden"), artifactsDirectory: URL(fileURLWithPath: folder + "/a/artifacts"))
        let bitmap = try Bitmap(size: CGSize(width: 2, height: 2), scale: 1)
        let result = try Expect.diagnostic(containing: shown ?? name) {
            store.verify(bitmap, file: GoldenStore.fileName(name, scale: 1), recording: .success(.all))
        } ?? nil
        guard case .invalidName? = result else { throw HostileFailure("the golden \(String(reflecting: name)) gave \(String(describing: result))") }
        let written = FileManager.default.enumerator(atPath: folder)?.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
        try Expect.that(written.isEmpty, "files were written: \(written)")
        let node = Fixture.box(CGSize(width: 4, height: 4))
        let direct = store.verify(node, named: name, scale: 1, recording: .success(.all))
        guard case .invalidName? = direct else { throw HostileFailure("verify(_:named:) gave \(String(describing: direct))") }
    }

    /// `UIImage(named:)` gives nil for `name`, reported, though the file it points at exists.
    static func expectRefusedImage(_ name: String, shown: String? = nil) throws {
        let folder = Fixture.folder()
        let images = folder + "/images"
        try FileManager.default.createDirectory(atPath: images + "/a", withIntermediateDirectories: true)
        try Fixture.png().write(to: URL(fileURLWithPath: folder + "/x.png"))
        UIImage.searchFolders = [URL(fileURLWithPath: images)]
        let image = try Expect.diagnostic(containing: "UIImage(named:)", shown ?? name) { UIImage(named: name) } ?? nil
        try Expect.that(image == nil, "UIImage(named: \(String(reflecting: name))) loaded an image")
    }
}
