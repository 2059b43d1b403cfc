import CWeft
import CWeftPNG
import Foundation

extension Bitmap {
    /// True when the PNG file `png` holds exactly these pixels as `PNGEncoder()` writes them, decided
    /// without decoding it (`weft_png_holds_argb`: its data inflated, this bitmap's rows filtered as
    /// the file's were, compared). Such a file decodes to this bitmap's PNG round trip, so a
    /// comparison with it passes at any tolerance. False when they differ and when the file is in a
    /// form the check does not read (another encoder's filters, palette, 16 bits, interlacing,
    /// colour chunks, damage): decode it then. Snapshot and golden comparisons ask this first.
    package func isEncoded(in png: Data) -> Bool {
        guard pixelWidth > 0, pixelHeight > 0 else { return false }
        return png.withUnsafeBytes { file in
            withUnsafeBytes { pixels in
                weft_png_holds_argb(file.baseAddress?.assumingMemoryBound(to: UInt8.self), file.count,
                                    pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), pixelWidth, pixelHeight, bytesPerRow) == 1
            }
        }
    }
}
