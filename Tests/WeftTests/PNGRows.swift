import CWeft
import Foundation

/// The pixels of an 8-bit RGB or RGBA, non-interlaced PNG, read with nothing but libdeflate's
/// inflate and the five PNG filters written out here: an oracle for Weft's encoders that shares
/// none of their code (cairo's reader would premultiply again, hiding the bytes the file holds).
struct PNGRows {
    let width: Int, height: Int, channels: Int
    /// Unfiltered rows, `width × channels` bytes each.
    private let bytes: [UInt8]

    /// nil when the file is not such a PNG or its data does not inflate to whole rows.
    init?(_ png: Data) {
        let file = [UInt8](png)
        func be32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard file.count >= 33, file[8..<16].elementsEqual([0, 0, 0, 13] + Array("IHDR".utf8)), file[24] == 8, file[28] == 0,
              file[25] == 2 || file[25] == 6 else { return nil }
        (width, height, channels) = (be32(16), be32(20), file[25] == 2 ? 3 : 4)
        var zlib: [UInt8] = [], offset = 8
        while offset + 12 <= file.count {
            let length = be32(offset), type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= file.count else { return nil }
            if type == "IDAT" { zlib += file[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        let stride = width * channels, bpp = channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        guard let inflater = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(inflater) }
        let result = zlib.withUnsafeBytes { input in
            raw.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(inflater, input.baseAddress, input.count, output.baseAddress, output.count, nil)
            }
        }
        guard result == LIBDEFLATE_SUCCESS else { return nil }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = Int(raw[y * (stride + 1) + 1 + i])
                let a = i >= bpp ? Int(rows[y * stride + i - bpp]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * stride + i]) : 0
                let c = i >= bpp && y > 0 ? Int(rows[(y - 1) * stride + i - bpp]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4: predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: return nil
                }
                rows[y * stride + i] = UInt8((x + predictor) & 0xFF)
            }
        }
        bytes = rows
    }

    /// RGBA bytes of the pixel at (x, y); alpha 255 in an RGB file.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * channels
        return Array(bytes[start..<start + channels]) + (channels == 3 ? [255] : [])
    }
}
