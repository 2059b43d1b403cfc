import Foundation

/// What Weft reads from a JPEG's marker segments besides the image: the EXIF orientation (APP1)
/// and whether an Adobe segment (APP14) is present, which says CMYK is stored inverted.
///
/// Every read is bounds-checked: the walk stops at the first segment that does not fit, and a
/// malformed EXIF block gives orientation 1 and a `problem` to report, never a crash.
/// Sendable value; use from any context.
struct JPEGMetadata: Sendable, Equatable {
    /// The EXIF orientation, 1 to 8 (TIFF tag 0x0112); 1 when absent or unreadable.
    var orientation = 1
    /// Whether an APP14 "Adobe" segment is present.
    var hasAdobeSegment = false
    /// Why the EXIF block was ignored, when it was there but malformed.
    var problem: String?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 2  // after SOI
        var sawExif = false
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            // Markers without a length: TEM, RSTn, SOI, EOI. Scan data starts after SOS.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return }
            let segment = UnsafeBufferPointer(rebasing: bytes[offset + 4..<offset + 2 + length])
            if marker == 0xE1, !sawExif, segment.starts(with: Array("Exif\0\0".utf8)) {
                sawExif = true
                switch Self.exifOrientation(UnsafeBufferPointer(rebasing: segment[(segment.startIndex + 6)...])) {
                case .success(let value): orientation = value
                case .failure(let problem): self.problem = problem.message
                }
            } else if marker == 0xEE, segment.starts(with: Array("Adobe".utf8)) {
                hasAdobeSegment = true
            }
            offset += 2 + length
        }
    }

    struct Problem: Error { let message: String }

    /// The orientation tag of IFD0 of a TIFF block; 1 when the tag is absent.
    static func exifOrientation(_ tiff: UnsafeBufferPointer<UInt8>) -> Result<Int, Problem> {
        let base = tiff.startIndex
        guard tiff.count >= 8 else { return .failure(Problem(message: "the EXIF block is \(tiff.count) bytes, too short for a TIFF header")) }
        let littleEndian: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return .failure(Problem(message: "the EXIF block has no TIFF byte-order mark (II or MM)"))
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[base + at]), b = Int(tiff[base + at + 1])
            return littleEndian ? b << 8 | a : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(littleEndian ? at + 2 : at), let low = u16(littleEndian ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42 else { return .failure(Problem(message: "the EXIF block's TIFF header lacks the number 42")) }
        guard let ifd = u32(4), let count = u16(ifd) else {
            return .failure(Problem(message: "the EXIF block's first directory lies outside its \(tiff.count) bytes"))
        }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let valueCount = u32(entry + 4) else {
                return .failure(Problem(message: "the EXIF directory's entry \(index) of \(count) lies outside the block"))
            }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, stored in the entry itself.
            guard type == 3, valueCount == 1 else {
                return .failure(Problem(message: "the EXIF orientation tag has type \(type) and count \(valueCount), not one SHORT"))
            }
            guard let value = u16(entry + 8) else {
                return .failure(Problem(message: "the EXIF orientation value lies outside the block"))
            }
            guard (1...8).contains(value) else {
                return .failure(Problem(message: "the EXIF orientation is \(value); it must be 1 to 8"))
            }
            return .success(value)
        }
        return .success(1)
    }
}
