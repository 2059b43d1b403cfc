import Foundation
import CWeftPNG
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

/// `weft_yuv420`'s AVX2 and portable code against the arithmetic written out once more here, on
/// pseudo-random pixels (every byte, alpha included, any value) at widths that leave every tail
/// length after the AVX2 code's sixteen-pixel steps, with a stride wider than the row.
@Suite struct YUV420ArithmeticTests {
    /// The conversion as the scalar Swift that `weft_yuv420` replaced computed it.
    static func reference(_ pixels: [UInt32], stride: Int, width: Int, height: Int) -> [UInt8] {
        func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int((p >> shift) & 0xFF) }
        func luma(_ p: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: (11_966 * channel(p, 16) + 40_254 * channel(p, 8) + 4_064 * channel(p, 0) + (16 << 16) + (1 << 15)) >> 16)
        }
        var y = [UInt8](repeating: 0, count: width * height), cb = [UInt8](repeating: 0, count: width * height / 4), cr = cb
        for row in 0..<height {
            for x in 0..<width { y[row * width + x] = luma(pixels[row * stride + x]) }
        }
        for pair in 0..<(height / 2) {
            for x in 0..<(width / 2) {
                let four = [pixels[2 * pair * stride + 2 * x], pixels[2 * pair * stride + 2 * x + 1],
                            pixels[(2 * pair + 1) * stride + 2 * x], pixels[(2 * pair + 1) * stride + 2 * x + 1]]
                let r = four.map { channel($0, 16) }.reduce(0, +), g = four.map { channel($0, 8) }.reduce(0, +), b = four.map { channel($0, 0) }.reduce(0, +)
                cb[pair * width / 2 + x] = UInt8(truncatingIfNeeded: (-6_596 * r - 22_188 * g + 28_784 * b + (128 << 18) + (1 << 17)) >> 18)
                cr[pair * width / 2 + x] = UInt8(truncatingIfNeeded: (28_784 * r - 26_145 * g - 2_639 * b + (128 << 18) + (1 << 17)) >> 18)
            }
        }
        return y + cb + cr
    }

    static func converted(_ pixels: [UInt32], stride: Int, width: Int, height: Int, flags: Int32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3 / 2)
        pixels.withUnsafeBytes { argb in
            out.withUnsafeMutableBufferPointer { planes in
                let y = planes.baseAddress!, cb = y + width * height, cr = cb + width * height / 4
                weft_yuv420(argb.baseAddress!.assumingMemoryBound(to: UInt8.self), stride * 4, width, height, y, cb, cr, flags)
            }
        }
        return out
    }

    @Test(arguments: [2, 14, 16, 18, 30, 32, 34, 46, 1170])
    func simdAndPortableCodeGiveTheReferenceBytes(width: Int) {
        let height = 6, stride = width + 3
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(width)
        let pixels = (0..<(stride * height)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        let expected = Self.reference(pixels, stride: stride, width: width, height: height)
        #expect(Self.converted(pixels, stride: stride, width: width, height: height, flags: 0) == expected)
        #expect(Self.converted(pixels, stride: stride, width: width, height: height, flags: Int32(WEFT_YUV420_PORTABLE)) == expected)
    }

    /// The extremes of every channel, where a lane that overflowed or saturated would show.
    @Test func extremesGiveTheReferenceBytes() {
        let width = 32, height = 2
        let values: [UInt32] = [0x0000_0000, 0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x00FF_FFFF, 0xFFFF_FF00]
        let pixels = (0..<(width * height)).map { values[($0 * 7 + $0 / width) % values.count] }
        let expected = Self.reference(pixels, stride: width, width: width, height: height)
        #expect(Self.converted(pixels, stride: width, width: width, height: height, flags: 0) == expected)
        #expect(Self.converted(pixels, stride: width, width: width, height: height, flags: Int32(WEFT_YUV420_PORTABLE)) == expected)
    }
}
