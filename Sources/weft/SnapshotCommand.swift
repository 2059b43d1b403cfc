import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `weft snapshot`: renders one frame of a sample at a content offset.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Render one frame of a sample (a collection, the pager or the table) to PNG.")

    @OptionGroup var collection: CollectionOptions

    @Option(help: "The content offset along the scrolling axis, in points.")
    var offset: Double = 0

    @Option(help: "Scroll so this item, row or page (section:item) is at the top (left) instead of using --offset.")
    var item: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output = "out/snapshot.png"

    func validate() throws {
        guard offset.isFinite else { throw ValidationError("--offset must be a finite number of points, not \(offset)") }
        if let item, parseItem(item) == nil { throw ValidationError("--item must look like section:item, for example 0:12, not \"\(item)\"") }
    }

    func run() throws {
        let sample = try collection.makeSample()
        if let item, let path = parseItem(item) {
            try sample.scroll(toItem: path)
        } else {
            sample.scroll(to: offset)
        }
        try PNGEncoder().write(try sample.snapshot(scale: CGFloat(collection.scale)), toFile: output)
        print(output)
    }

    private func parseItem(_ text: String) -> IndexPath? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 && parts.allSatisfy({ $0 >= 0 }) ? IndexPath(item: parts[1], section: parts[0]) : nil
    }
}
