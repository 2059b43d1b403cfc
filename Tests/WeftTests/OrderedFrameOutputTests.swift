import Foundation
import Testing
@testable import Weft

/// `writeVideo`'s ordered pipeline and file handling with raw and apng output, which need no
/// child process, so these run under ThreadSanitizer too (`make sanitize`): frames reach the file
/// in order, sizes and colour types are checked, pipes are written in place.
@MainActor @Suite struct OrderedFrameOutputTests {
    @Test func framesReachTheFileInOrderWhenTheFirstIsSlowest() throws {
        let folder = VideoOutputTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/order.rgba"
        try VideoOutputTests.write(VideoOutputTests.colours, to: path, format: .raw, threads: 4, slowFirst: true)
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        let expected: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [128, 128, 128, 255], [0, 0, 0, 255], [255, 255, 255, 255]]
        #expect(raw.count == 40 * 30 * 4 * 6)
        for (frame, pixel) in expected.enumerated() {
            #expect(Array(raw[(frame * 40 * 30 * 4)..<(frame * 40 * 30 * 4 + 4)]) == pixel, "frame \(frame + 1)")
        }
    }

    @Test func anAPNGOfOpaqueFramesRefusesATransparentOne() throws {
        let folder = VideoOutputTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/frames.png"
        #expect {
            try VideoOutputTests.write([.red, UIColor(white: 1, alpha: 0.5)], to: path, format: .apng)
        } throws: { error in
            guard case .cannotEncode(.apng, let reason) = error as? OutputError else { return false }
            return reason.contains("frame 2") && reason.contains("transparent")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] == [], "the temporary file was removed")
    }

    @Test func aFrameOfAnotherSizeIsRefused() throws {
        let folder = VideoOutputTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: OutputError.cannotEncode(format: .raw, reason: "frame 2 is 41×30 px, but frame 1 is 40×30; a raw file has one frame size")) {
            try VideoOutputTests.write([.red, .green], sizes: [(40, 30), (41, 30)], to: "\(folder)/frames.rgba", format: .raw)
        }
    }

    /// A named pipe (like /dev/null or a terminal) is written in place: renaming a finished file
    /// over it would replace it with a file.
    @Test func aNamedPipeIsWrittenInPlace() async throws {
        let folder = VideoOutputTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pipe = "\(folder)/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        // Opened here before anything is written, so neither open waits: held for writing too,
        // so the reader sees the end only once this test closes it, whether or not the writer
        // ever opened the pipe (a file renamed over it instead).
        let holder = open(pipe, O_RDWR)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(holder >= 0 && reader >= 0)
        _ = fcntl(reader, F_SETFL, 0)
        async let received = onThreadOfItsOwn { () throws -> Data in
            try FileHandle(fileDescriptor: reader, closeOnDealloc: true).readToEnd() ?? Data()
        }
        // Closed before anything throws, or the reader would wait for ever.
        let written = Result { try VideoOutputTests.write(VideoOutputTests.colours, to: pipe, format: .raw) }
        close(holder)
        #expect(try await received.count == 40 * 30 * 4 * VideoOutputTests.colours.count)
        _ = try written.get()
        var info = stat()
        #expect(stat(pipe, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["pipe"])
    }
}
