import CWeftPNG
import Foundation
import Testing
@testable import Weft

/// The single-pass encoder's size checks (weft_png.c `fits`, `refusal`): a size it cannot take, however
/// large, is refused with its own status before any memory is touched, and the Swift error names
/// what was wrong with the numbers. The pixels here are 64 bytes: a check that let any of these
/// through would read far past them (AddressSanitizer would say so; without it, a crash).
@Suite struct SinglePassPNGSizeTests {
    static let pixels = [UInt8](repeating: 0xFF, count: 64)

    static func status(width: Int, height: Int, stride: Int, size: Int = pixels.count) -> Int32 {
        var png: UnsafePointer<UInt8>?
        var count = 0
        return pixels.withUnsafeBufferPointer { weft_png_encode($0.baseAddress, size, width, height, stride, 0, &png, &count) }
    }

    static func reason(width: Int, height: Int, stride: Int) -> String {
        let result = pixels.withUnsafeBytes { bytes in
            Result { () throws(OutputError) in
                try SinglePassPNG.encode(bytes, width: width, height: height, bytesPerRow: stride, flags: 0) { _ in "encoded" }
            }
        }
        switch result {
        case .success(let text), .failure(.encodingFailed(let text)): return text
        case .failure(let error): return "\(error)"
        }
    }

    @Test func hugeSidesAreTooLarge() {
        #expect(Self.status(width: 2_147_483_647, height: 2_147_483_647, stride: 8_589_934_588) == Int32(WEFT_PNG_TOO_LARGE))
        #expect(Self.status(width: 1 << 31, height: 1, stride: 1 << 33) == Int32(WEFT_PNG_TOO_LARGE))
        #expect(Self.status(width: 1, height: Int.max, stride: 4) == Int32(WEFT_PNG_TOO_LARGE))
        #expect(Self.reason(width: 1 << 31, height: 1, stride: 1 << 33)
            == "the image is 2147483648×1 pixels, too large for PNG: at most 2147483647 pixels a side")
    }

    /// 1145324619 × 2147483635: the old check's 15 × height × (width × 4 + 1) / 8 wrapped around 2^64
    /// to 805,305,674, under its 2 GB limit, and the encoder went on with buffers sized by wrapped
    /// products, reading rows far past the pixels.
    @Test func aSizeWhoseWorstCaseWrappedIsTooLarge() {
        #expect(Self.status(width: 1_145_324_619, height: 2_147_483_635, stride: 4_581_298_476) == Int32(WEFT_PNG_TOO_LARGE))
        let reason = Self.reason(width: 1_145_324_619, height: 2_147_483_635, stride: 4_581_298_476)
        #expect(reason.hasPrefix("the image is 1145324619×2147483635 pixels, too large for the single-pass encoder"), "\(reason)")
        #expect(reason.contains("about 9.83826350640792"), "\(reason)")
        // The limit: ⌊(4w + 1) / 8⌋ × 15 passes 0x7FFF0000 from w = 286,322,416 on; one pixel less
        // passes the size check and is refused only for its 64 bytes of pixels.
        #expect(Self.status(width: 286_322_416, height: 1, stride: 1_145_289_664) == Int32(WEFT_PNG_TOO_LARGE))
        #expect(Self.status(width: 286_322_415, height: 1, stride: 1_145_289_660) == Int32(WEFT_PNG_SHORT_BUFFER))
    }

    @Test func shortRowsAndShortBuffersAreRefused() {
        #expect(Self.status(width: 4, height: 1, stride: 15) == Int32(WEFT_PNG_BAD_STRIDE))
        #expect(Self.reason(width: 4, height: 1, stride: 15) == "rows of 15 bytes are too short for 4 pixels of 4 bytes (16 bytes)")
        // 4 rows of 16 bytes fit the 64; a fifth does not, nor does a stride that wraps (height − 1) × stride.
        #expect(Self.status(width: 4, height: 4, stride: 16) == Int32(WEFT_PNG_OK))
        #expect(Self.status(width: 4, height: 5, stride: 16) == Int32(WEFT_PNG_SHORT_BUFFER))
        #expect(Self.status(width: 1, height: 3, stride: Int.max) == Int32(WEFT_PNG_SHORT_BUFFER))
        #expect(Self.status(width: 4, height: 1, stride: 16, size: 15) == Int32(WEFT_PNG_SHORT_BUFFER))
        #expect(Self.reason(width: 4, height: 5, stride: 16)
            == "64 bytes of pixels are too few for 5 rows of 16 bytes, the last 16 bytes long, of a 4×5 pixels image")
        #expect(Self.reason(width: -1, height: 5, stride: 16) == "the image is -1×5 pixels; the single-pass encoder needs at least 1×1")
        #expect(Self.reason(width: 4, height: 4, stride: 16) == "encoded")
    }
}
