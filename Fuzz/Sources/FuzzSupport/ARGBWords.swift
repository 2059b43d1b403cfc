import Weft

extension Bitmap {
    /// The premultiplied pixels as `0xAARRGGBB` words, row after row without padding: what the
    /// pixel oracles compare, read once instead of one `pixel(x:y:)` call a pixel.
    public var argbWords: [UInt32] {
        withUnsafeBytes { bytes in
            (0..<pixelHeight).flatMap { y in
                (0..<pixelWidth).map { x in bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self) }
            }
        }
    }
}
