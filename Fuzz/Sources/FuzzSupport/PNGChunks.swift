/// PNG chunk CRCs, recomputed so that mutated chunk contents reach the decoder instead of stopping
/// at libpng's checksum test (which would make almost every mutation uninteresting).
public enum PNGChunks {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    public static func crc32<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    /// Rewrites the CRC of every whole chunk after the 8-byte signature; a chunk cut short is left.
    public static func fixingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            let crc = crc32(bytes[offset + 4..<offset + 8 + length])
            for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset += 12 + length
        }
        return bytes
    }
}
