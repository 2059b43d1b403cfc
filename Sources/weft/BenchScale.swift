import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `make bench`'s scale measurements: time to first frame and peak resident memory of the feed
/// (flow layout) and the grid (gallery layout delegate) at 1k to 1M items. Each size runs in a
/// child process of its own (`weft bench-scale-probe`), since a process's peak RSS only grows: one
/// run's peak would hide the next one's. A size that passes the time limit is reported as such.
enum BenchScale {
    /// The sizes measured, and how long one probe may take.
    static let feedSizes = [1_000, 10_000, 100_000, 1_000_000]
    static let gridSizes = [1_000, 10_000, 100_000, 1_000_000]
    /// The scroll measured for peak memory: the first 10,000 items of a million, with and
    /// without `releasesNodesOutsidePreloadRange`.
    static let scrolledItems = 10_000
    static let timeLimit: TimeInterval = 300

    static func measure() throws {
        print("\n== Scale: time to first frame and peak RSS, one process per size, 390×844 pt @3x ==")
        let threshold = ASCollectionNode().lazyMeasurementThreshold
        print("(lists past ASCollectionNode.lazyMeasurementThreshold, \(threshold) items, measure what a frame needs; shorter ones are measured whole, as in Texture)")
        for (sample, sizes) in [("feed", feedSizes), ("grid", gridSizes)] {
            for items in sizes {
                print("\(sample), \(items) items: \(try probe(sample: sample, items: items))")
            }
        }
        // Default settings, then node release, then without measuring ahead in the background.
        for (release, ahead) in [(false, true), (true, true), (false, false)] {
            let arguments = ["--scroll-items", "\(scrolledItems)"] + (release ? ["--release-nodes"] : []) + (ahead ? [] : ["--measure-ahead", "0"])
            let settings = (release ? ", releasesNodesOutsidePreloadRange" : "") + (ahead ? "" : ", backgroundMeasurementLimit 0")
            print("feed, 1000000 items, scrolled through the first \(scrolledItems) (2 screens a frame, @3x)\(settings): "
                  + (try probe(sample: "feed", items: 1_000_000, extra: arguments)))
        }
    }

    /// Runs one probe and returns its line, or why there is none.
    private static func probe(sample: String, items: Int, extra: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).standardizedFileURL
        process.arguments = ["bench-scale-probe", "--sample", sample, "--items", "\(items)"] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = DispatchTime.now() + timeLimit
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { process.waitUntilExit(); finished.signal() }
        if finished.wait(timeout: deadline) == .timedOut {
            process.terminate()
            return "not finished within \(Int(timeLimit)) s"
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 ? text : "probe failed (exit \(process.terminationStatus)): \(text)"
    }

    /// This process's peak resident set (VmHWM), in bytes; nil where /proc does not say.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }
}

/// One scale measurement in a fresh process: builds the sample, times its first frame, and prints
/// the time, the nodes made and the process's peak RSS on one line. Run by `BenchScale`.
struct BenchScaleProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench-scale-probe", abstract: "One measurement of weft bench's scale part.",
                                                    shouldDisplay: false)

    @Option(help: "feed or grid.")
    var sample = "feed"

    @Option(help: "Items in the sample.")
    var items = 1_000

    @Option(help: "After the first frame, scroll until this item has been shown (0: no scroll).")
    var scrollItems = 0

    @Flag(help: "Set releasesNodesOutsidePreloadRange.")
    var releaseNodes = false

    @Option(help: "Set backgroundMeasurementLimit (items measured ahead of each frame in the background; 0: none).")
    var measureAhead: Int?

    func validate() throws {
        guard ["feed", "grid"].contains(sample) else { throw ValidationError("--sample must be feed or grid, not \"\(sample)\"") }
        guard (100...WeftLimits.maximumItems).contains(items) else {
            throw ValidationError("--items must be 100 to \(WeftLimits.maximumItems), not \(items)")
        }
        if let measureAhead, measureAhead < 0 { throw ValidationError("--measure-ahead must be 0 or more, not \(measureAhead)") }
        guard (0..<items).contains(scrollItems) else { throw ValidationError("--scroll-items must be 0 to \(items - 1), not \(scrollItems)") }
    }

    func run() throws {
        let (sample, items) = (sample, items)
        let viewport = CGSize(width: 390, height: 844)
        let before = BenchScale.peakResidentBytes() ?? 0
        // The samples' data sources are main-actor objects; commands run on the main thread.
        // The sample keeps its data source alive (the node holds it weakly, as UIKit does).
        let made = MainActor.assumeIsolated {
            sample == "feed" ? CollectionSample.feed(viewport: viewport, sections: items / 100, itemsPerSection: 100)
                : CollectionSample.grid(viewport: viewport, items: items)
        }
        let node = made.collectionNode
        node.releasesNodesOutsidePreloadRange = releaseNodes
        if let measureAhead { node.backgroundMeasurementLimit = measureAhead }
        let start = DispatchTime.now().uptimeNanoseconds
        // Only the first frame's size is kept: holding its pixels (12 MB at @3x) through the scroll
        // would count them in the scroll's peak, which no app showing a feed would.
        let frame = try { let first = try node.snapshot(scale: 3); return (pixelWidth: first.pixelWidth, pixelHeight: first.pixelHeight) }()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let nodes = node.elements.allocatedNodes.count
        var scroll = ""
        if scrollItems > 0 {
            // Two screens a frame, until the item `scrollItems` (in the samples' order) is on screen.
            let perSection = max(1, node.numberOfItems(inSection: 0))
            let target = IndexPath(item: scrollItems % perSection, section: scrollItems / perSection)
            let scrollStart = DispatchTime.now().uptimeNanoseconds
            var frames = 0, y = 0.0
            repeat {
                y += 2 * viewport.height
                _ = try node.snapshot(at: CGPoint(x: 0, y: y), scale: 3)
                frames += 1
            } while (node.indexPathsForVisibleItems.last ?? target) < target
            let scrollSeconds = Double(DispatchTime.now().uptimeNanoseconds - scrollStart) / 1e9
            scroll = String(format: "; scrolled %d frames to %.0f pt in %.1f s, %d nodes alive", frames, y, scrollSeconds, node.elements.allocatedNodes.count)
        }
        withExtendedLifetime(made) {}
        let peak = BenchScale.peakResidentBytes().map { String(format: "%.0f MB", Double($0) / 1e6) } ?? "unknown"
        print(String(format: "first frame %.0f ms (%d×%d px, %d nodes made)%@; peak RSS %@ (%.0f MB before the sample)",
                     seconds * 1000, frame.pixelWidth, frame.pixelHeight, nodes, scroll, peak, Double(before) / 1e6))
    }
}
