import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `weft snapshot`: renders one frame of a sample collection at a content offset.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Render one frame of a sample collection to PNG.")

    @OptionGroup var collection: CollectionOptions

    @Option(help: "The content offset along the scrolling axis, in points.")
    var offset: Double = 0

    @Option(help: "Scroll so this item (section:item) is at the top instead of using --offset.")
    var item: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output = "out/snapshot.png"

    func validate() throws {
        guard offset.isFinite else { throw ValidationError("--offset must be a finite number of points, not \(offset)") }
        if let item, parseItem(item) == nil { throw ValidationError("--item must look like section:item, for example 0:12, not \"\(item)\"") }
    }

    func run() throws {
        let sample = try collection.makeSample()
        let node = sample.collectionNode
        let vertical = node.collectionViewLayout.scrollDirection == .vertical
        if let item, let path = parseItem(item) {
            try node.scrollToItem(at: path, at: vertical ? .top : .left, animated: false)
        } else {
            node.contentOffset = vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
        }
        try PNGEncoder().write(try node.snapshot(scale: CGFloat(collection.scale)), toFile: output)
        print(output)
    }

    private func parseItem(_ text: String) -> IndexPath? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 && parts.allSatisfy({ $0 >= 0 }) ? IndexPath(item: parts[1], section: parts[0]) : nil
    }
}
