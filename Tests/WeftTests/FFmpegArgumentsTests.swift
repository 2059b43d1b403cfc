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

    /// An even frame goes to ffmpeg as yuv420p converted by Weft: no pad, no conversion, no filter.
    @Test func anEvenFrameIsNotPaddedNorConverted() throws {
        let arguments = try Self.mp4Arguments(width: 1170, height: 2532)
        #expect(!arguments.contains("-vf") && !arguments.joined(separator: " ").contains("pad"))
        #expect(arguments[arguments.firstIndex(of: "-pix_fmt")! + 1] == "yuv420p")
        #expect(FrameVideoWriter.convertsToYUV(width: 1170, height: 2532))
    }

    @Test func anOddFrameIsPaddedToEvenSides() throws {
        for (width, height) in [(41, 30), (40, 31), (41, 31)] {
            let filters = try Self.mp4Arguments(width: width, height: height)
            #expect(filters[filters.firstIndex(of: "-vf")! + 1].hasPrefix("pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,scale="))
        }
    }
}

/// Weft's yuv420p: BT.709 limited range, chroma the mean of 2×2 pixels.
@Suite struct YUV420Tests {
    @Test func primariesAndGreysHaveBT709sLimitedRangeValues() throws {
        // (colour, Y, Cb, Cr), from BT.709's equations rounded to nearest.
        let cases: [(UIColor, UInt8, UInt8, UInt8)] = [
            (.black, 16, 128, 128), (.white, 235, 128, 128), (.red, 63, 102, 240), (.green, 173, 42, 26), (.blue, 32, 240, 118)
        ]
        for (colour, y, cb, cr) in cases {
            let bitmap = try Bitmap(pixelWidth: 4, pixelHeight: 2, scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 4, height: 2), with: colour) }
            let bytes = Array(try YUV420.bytes(of: bitmap, frame: 0))
            #expect(bytes == Array(repeating: y, count: 8) + [cb, cb, cr, cr], "\(colour)")
        }
    }

    @Test func chromaIsTheMeanOfItsFourPixels() throws {
        let bitmap = try Bitmap(pixelWidth: 2, pixelHeight: 2, scale: 1) { context in
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 2), with: .blue)
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 2), with: .black)
        }
        let bytes = Array(try YUV420.bytes(of: bitmap, frame: 0))
        #expect(bytes[0] == 32 && bytes[1] == 16 && bytes[4] == 184 && bytes[5] == 123)
    }
}
