import Foundation
import FuzzSupport
import Weft

// The PNG decoder through UIKit's entry points: bytes → UIImage(data:) and UIImage(decoding:),
// then re-encoding. Chunk CRCs are fixed first (PNGChunks) so mutations reach libpng's parser.
// Oracles: no crash or sanitizer report; both entry points agree; a decoded image has a size
// inside Bitmap's limits and survives a round trip through Weft's encoder with the same size.

@main
enum FuzzerMain {
    static func main() {
        // Repaired input is reported on standard error by default; a fuzzer makes millions.
        WeftDiagnostics.printsToStandardError = false
        runLibFuzzer(testOneInput)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let raw = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let data = Data(raw.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? PNGChunks.fixingCRCs(raw) : raw)

    let image = UIImage(data: data)
    let decoded: UIImage?
    do {
        decoded = try UIImage(decoding: data)
    } catch {
        // Every error must say something; an empty description would be a useless message.
        precondition(!String(describing: error).isEmpty, "empty error description")
        decoded = nil
    }
    precondition((image == nil) == (decoded == nil), "UIImage(data:) and UIImage(decoding:) disagree")
    guard let image else { return 0 }

    let pixels = (Int(image.size.width * image.scale), Int(image.size.height * image.scale))
    precondition(pixels.0 > 0 && pixels.1 > 0 && pixels.0 <= Bitmap.maximumSide && pixels.1 <= Bitmap.maximumSide,
                 "decoded size \(pixels) outside Bitmap's limits")
    let again = UIImage(data: image.pngData())
    precondition(again?.size == image.size, "re-encoded PNG of \(image.size) decodes as \(String(describing: again?.size))")
    return 0
}
