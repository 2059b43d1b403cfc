import CWeft
import Foundation

/// Finds what is wrong with PNG bytes that cairo's reader rejected.
///
/// cairo turns every libpng failure into one status, and for damaged compressed data that status
/// is "out of memory". This walks the chunks (every read bounds-checked), checks the CRCs of
/// critical chunks as libpng does, and inflates the image data with libdeflate to the exact size
/// the header implies, so the error can say what is damaged. Only the failure path pays for it.
/// Stateless; use from any context.
enum PNGInspector {
    /// What is wrong with `bytes` (which start with the PNG signature), or nil when the structure
    /// and the compressed data are sound, so the failure was something else (memory, say).
    static func problem(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { problem(in: $0) }
    }

    private struct Header {
        var width = 0, height = 0, bitDepth = 0, colorType = 0, interlaced = false
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func be32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        var offset = PNGDecoder.signature.count
        var header: Header?
        var sawPalette = false, sawEnd = false
        var compressed: [UInt8] = []
        while !sawEnd {
            guard bytes.count - offset >= 8 else {
                return "the data ends at byte \(bytes.count), before the IEND chunk (the file is truncated)"
            }
            let length = be32(offset)
            let typeBytes = Array(bytes[offset + 4..<offset + 8])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return "byte \(offset + 4) holds no valid chunk type (the chunk list is damaged)"
            }
            guard length <= Int(Int32.max) else { return "the \(type) chunk at byte \(offset) declares \(length) bytes" }
            guard bytes.count - offset - 12 >= length else {
                return "the data ends inside the \(type) chunk at byte \(offset) (it declares \(length) bytes, \(max(0, bytes.count - offset - 12)) are there)"
            }
            let data = offset + 8
            let isCritical = typeBytes[0] & 0x20 == 0
            if isCritical {
                let stored = UInt32(be32(data + length))
                let computed = libdeflate_crc32(0, bytes.baseAddress! + offset + 4, 4 + length)
                guard stored == computed else { return "the \(type) chunk at byte \(offset) fails its CRC check (the data is damaged)" }
            }
            if header == nil && type != "IHDR" { return "the first chunk is \(type), not IHDR" }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { return "the IHDR chunk is malformed" }
                let parsed = Header(width: be32(data), height: be32(data + 4), bitDepth: Int(bytes[data + 8]),
                                    colorType: Int(bytes[data + 9]), interlaced: bytes[data + 12] == 1)
                if let problem = headerProblem(parsed, compression: bytes[data + 10], filter: bytes[data + 11], interlace: bytes[data + 12]) {
                    return problem
                }
                header = parsed
            case "PLTE": sawPalette = true
            case "IDAT": compressed.append(contentsOf: bytes[data..<data + length])
            case "IEND": sawEnd = true
            default:
                if isCritical { return "unknown critical chunk \(type) at byte \(offset)" }
            }
            offset = data + length + 4
        }
        guard let header else { return "missing IHDR header" }
        if header.colorType == 3 && !sawPalette { return "a palette image without a PLTE chunk" }
        guard !compressed.isEmpty else { return "no image data (IDAT chunks)" }
        return imageDataProblem(compressed, header: header)
    }

    private static func headerProblem(_ h: Header, compression: UInt8, filter: UInt8, interlace: UInt8) -> String? {
        let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[h.colorType] else { return "the IHDR chunk declares colour type \(h.colorType), which PNG does not define" }
        guard allowed.contains(h.bitDepth) else { return "the IHDR chunk declares bit depth \(h.bitDepth) for colour type \(h.colorType)" }
        guard compression == 0, filter == 0, interlace <= 1 else {
            return "the IHDR chunk declares compression \(compression), filter \(filter), interlace \(interlace); PNG defines only 0, 0 and 0 or 1"
        }
        guard h.width > 0, h.height > 0 else { return "the IHDR chunk declares \(h.width)×\(h.height) pixels" }
        return nil
    }

    /// Inflates the concatenated IDAT data into a buffer of exactly the filtered image's size and
    /// checks every row's filter byte.
    private static func imageDataProblem(_ compressed: [UInt8], header h: Header) -> String? {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][h.colorType]!
        let bitsPerPixel = channels * h.bitDepth
        // Adam7's passes as (x start, y start, x step, y step); one full pass when not interlaced.
        let passes = h.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var rows: [(start: Int, bytes: Int)] = []
        var expected = 0
        for (x0, y0, dx, dy) in passes {
            let w = (h.width - x0 + dx - 1) / dx, ht = (h.height - y0 + dy - 1) / dy
            guard w > 0, ht > 0 else { continue }
            let rowBytes = 1 + (w * bitsPerPixel + 7) / 8
            for _ in 0..<ht {
                rows.append((expected, rowBytes))
                expected += rowBytes
            }
        }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // The header was checked against Bitmap's limits before cairo ran, so this is bounded.
        let output = UnsafeMutableRawPointer.allocate(byteCount: max(expected, 1), alignment: 16)
        defer { output.deallocate() }
        var produced = 0
        let result = compressed.withUnsafeBytes {
            libdeflate_zlib_decompress(decompressor, $0.baseAddress, $0.count, output, expected, &produced)
        }
        switch result {
        case LIBDEFLATE_BAD_DATA:
            return "the compressed image data (IDAT) is corrupt: it is not a valid zlib stream"
        case LIBDEFLATE_SUCCESS where produced < expected:
            return "the compressed image data (IDAT) ends early: it holds \(produced) of the \(expected) bytes the \(h.width)×\(h.height) header needs"
        case LIBDEFLATE_SUCCESS:
            let filters = output.assumingMemoryBound(to: UInt8.self)
            for (index, row) in rows.enumerated() where filters[row.start] > 4 {
                return "row \(index) of the image data has filter type \(filters[row.start]); PNG defines 0 to 4"
            }
            return nil
        default:
            // Extra data after the image (INSUFFICIENT_SPACE) is only a warning to libpng.
            return nil
        }
    }
}
