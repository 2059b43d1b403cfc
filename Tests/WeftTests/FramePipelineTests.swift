import Foundation
import Testing
@testable import Weft
import WeftSamples

/// Frame sequences: the single-pass encoder by default, frames composited and encoded on several
/// threads, `WeftThreads` and `WEFT_THREADS`, and the bench feed's cards.
@Suite struct FramePipelineTests {
    static func scratchFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("weft-pipeline-\(UUID().uuidString)").path
    }

    /// The bench feed's first frames, written with `threads` threads and `encoder`; the files' bytes.
    @MainActor static func benchFeedFrames(threads: Int, encoder: PNGEncoder = .frames) throws -> [Data] {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 12)
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 2400), frames: 6, curve: .eased)
        let paths = try sample.collectionNode.writeFrames(sequence, scale: 1, toFolder: folder, encoder: encoder, threads: threads)
        return try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    @MainActor @Test func framesAreByteIdenticalWhateverTheThreadCount() throws {
        let one = try Self.benchFeedFrames(threads: 1)
        #expect(one.count == 6)
        #expect(try Self.benchFeedFrames(threads: 4) == one)
        #expect(try Self.benchFeedFrames(threads: 2) == one)
        // The single-pass files decode to the pixels the libdeflate path writes.
        let deflate = try Self.benchFeedFrames(threads: 3, encoder: PNGEncoder())
        for (fast, reference) in zip(one, deflate) {
            #expect(fast != reference)
            #expect(try UIImage(decoding: fast).bitmap.hasSamePixels(as: try UIImage(decoding: reference).bitmap))
        }
    }

    @MainActor @Test func writtenFramesMatchSnapshots() throws {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 12)
        let node = sample.collectionNode
        let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 1500), frames: 3)
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try node.writeFrames(sequence, scale: 1, toFolder: folder, threads: 3)
        for (offset, path) in zip(sequence.offsets, paths) {
            let written = try UIImage(contentsOf: URL(fileURLWithPath: path)).bitmap
            #expect(written.hasSamePixels(as: try node.snapshot(at: offset, scale: 1)))
        }
    }

    @Test(arguments: ["0", "-1", "abc", "", "2.5", "257", "100000000000000000000"])
    func invalidThreadCountsAreNamed(text: String) {
        guard case .failure(let error) = WeftThreads.parse(text) else {
            Issue.record("\"\(text)\" was accepted")
            return
        }
        #expect(error == .invalidThreadCount(text))
        #expect(error.description.contains("\"\(text)\""))
    }

    @Test func validThreadCountsParse() throws {
        #expect(try WeftThreads.parse("1").get() == 1)
        #expect(try WeftThreads.parse(" 8 ").get() == 8)
        #expect(try WeftThreads.parse("256").get() == 256)
        #expect(throws: OutputError.invalidThreadCount("0")) { try WeftThreads.setCount(0) }
        #expect(throws: OutputError.invalidThreadCount("-3")) { try WeftThreads.validate(-3) }
    }

    @MainActor @Test func writeFramesRefusesABadThreadCount() throws {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 100, height: 100), items: 2)
        let sequence = try FrameSequence.scroll(from: .zero, to: .zero, frames: 1)
        #expect(throws: OutputError.invalidThreadCount("0")) {
            try sample.collectionNode.writeFrames(sequence, scale: 1, toFolder: Self.scratchFolder(), threads: 0)
        }
    }

    @MainActor @Test func benchFeedCardsHaveTheBrowsersHeights() throws {
        let sample = CollectionSample.benchFeed(viewport: CGSize(width: 390, height: 844), items: 9)
        let node = sample.collectionNode
        try node.loadDataIfNeeded()
        var heights: Set<CGFloat> = []
        for item in 0..<9 {
            let attributes = try #require(node.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
            #expect(attributes.frame.height == BenchFeedCell.height(captionLines: item % 3 + 1), "card \(item)")
            heights.insert(attributes.frame.height)
        }
        #expect(heights == [507, 525, 543])
    }
}

/// `WEFT_THREADS` and `--threads` as the `weft` command sees them.
@Suite(.enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer"))
struct ThreadCountCommandTests {
    static let weft: URL? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("weft") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func run(_ arguments: [String], threads: String?) async throws -> ChildProcess.Outcome {
        let folder = FramePipelineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let command = ["/usr/bin/env"] + (threads.map { ["WEFT_THREADS=\($0)"] } ?? []) + [try #require(weft).path]
        return try await ChildProcess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()) + arguments + ["-o", folder], timeLimit: 120)
    }

    static let frames = ["frames", "--sample", "grid", "--items", "3", "--width", "60", "--height", "60", "--scale", "1", "--count", "2"]

    @Test(arguments: ["abc", "0", "-2", "999999"])
    func anInvalidEnvironmentValueIsReportedAndTheDefaultUsed(value: String) async throws {
        let outcome = try await Self.run(Self.frames, threads: value)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("WEFT_THREADS") && outcome.output.contains("\"\(value)\""), "\(outcome.output)")
    }

    @Test func aValidEnvironmentValueIsQuiet() async throws {
        let outcome = try await Self.run(Self.frames, threads: "1")
        #expect(outcome.status == 0)
        #expect(!outcome.output.contains("WEFT_THREADS"), "\(outcome.output)")
    }

    @Test func anInvalidThreadsOptionIsABadArgument() async throws {
        let outcome = try await Self.run(Self.frames + ["--threads", "lots"], threads: nil)
        #expect(outcome.status == 64)
        #expect(outcome.output.contains("--threads") && outcome.output.contains("\"lots\""), "\(outcome.output)")
    }
}
