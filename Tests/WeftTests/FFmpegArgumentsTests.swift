import Foundation
import Testing
@testable import Weft

/// The mp4 arguments ffmpeg is given: no filter that does nothing.
@Suite struct FFmpegArgumentsTests {
    static func mp4Arguments(width: Int, height: Int) throws -> [String] {
        let folder = FramePipelineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A stand-in executable: the arguments are built, ffmpeg is never started.
        let writer = try FrameVideoWriter(path: "\(folder)/a.mp4", format: .mp4, frameCount: 1, framesPerSecond: 60, ffmpeg: "/bin/true",
                                          mayBeTransparent: false)
        return writer.ffmpegArguments(width: width, height: height)
    }

    @Test func anEvenFrameIsNotPadded() throws {
        let arguments = try Self.mp4Arguments(width: 1170, height: 2532)
        let filters = arguments[arguments.firstIndex(of: "-vf")! + 1]
        #expect(!filters.contains("pad"))
        #expect(filters == "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(arguments.filter { $0 == "-vf" }.count == 1)
    }

    @Test func anOddFrameIsPaddedToEvenSides() throws {
        for (width, height) in [(41, 30), (40, 31), (41, 31)] {
            let filters = try Self.mp4Arguments(width: width, height: height)
            #expect(filters[filters.firstIndex(of: "-vf")! + 1].hasPrefix("pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,scale="))
        }
    }
}
