import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// The options `weft snapshot` and `weft frames` share: which sample (any scrolling container: a
/// collection, the pager or the table), its viewport and scale.
struct CollectionOptions: ParsableArguments {
    @Option(help: "The sample: \(ScrollingSample.names.joined(separator: ", ")).")
    var sample = "feed"

    @Option(help: "Viewport width in points.")
    var width: Double = 390

    @Option(help: "Viewport height in points.")
    var height: Double = 844

    @Option(help: "Pixels per point: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "How many items the sample holds (default: the sample's own).")
    var items: Int?

    func validate() throws {
        guard ScrollingSample.names.contains(sample) else {
            throw ValidationError("--sample: no sample named \"\(sample)\"; the samples are \(ScrollingSample.names.joined(separator: ", "))")
        }
        guard width.isFinite, width >= 1, width <= 8192 else { throw ValidationError("--width must be 1 to 8192 points, not \(width)") }
        guard height.isFinite, height >= 1, height <= 8192 else { throw ValidationError("--height must be 1 to 8192 points, not \(height)") }
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3, not \(scale)") }
        if let items, items < 0 || items > 1_000_000 { throw ValidationError("--items must be 0 to 1000000, not \(items)") }
    }

    /// Whether `sample` names the table sample (an `ASTableNode`, not a collection), known before it is built.
    var isTable: Bool { TableSample.names.contains(sample) }

    func makeSample() throws -> ScrollingSample {
        // The samples' data sources are main-actor objects; commands run on the main thread.
        let (name, viewport, items) = (sample, CGSize(width: width, height: height), items)
        guard let sample = MainActor.assumeIsolated({ ScrollingSample.make(name, viewport: viewport, items: items) }) else {
            throw ValidationError("no sample named \"\(self.sample)\"")
        }
        try sample.loadDataIfNeeded()
        return sample
    }
}
