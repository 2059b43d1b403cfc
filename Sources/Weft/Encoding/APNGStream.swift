import CWeft
import CWeftPNG
import Foundation

/// An animated PNG assembled from the single-pass encoder's frames: frame 1's IHDR and sRGB, an
/// `acTL`, then per frame an `fcTL` and the frame's zlib stream (as IDAT for frame 1, the default
/// image, and as `fdAT` after), then IEND. The frames are coded exactly as their PNG files are, so
/// each decodes to the same pixels (RGB for a stream of opaque frames, else RGBA: see
/// `VideoFormat.apng`).
/// Owned by the pipeline's delivering worker, one frame at a time in order; not Sendable.
final class APNGStream {
    /// One frame coded by `encode`: its IHDR colour type and its zlib stream.
    struct Frame: Sendable {
        let bitmap: Bitmap
        let colourType: UInt8
        let zlib: Data
    }

    private static let rgb: UInt8 = 2, rgba: UInt8 = 6
    private let frameCount: Int
    private let framesPerSecond: Int
    private let write: (Data) throws(OutputError) -> Void
    /// Frame 1's colour type, which every frame must share; nil before frame 1.
    private var colourType: UInt8?
    /// APNG numbers its fcTL and fdAT chunks together, from 0.
    private var sequenceNumber: UInt32 = 0
    private var framesWritten = 0

    /// A stream of `frameCount` frames at `framesPerSecond`, handing its bytes to `write` in order.
    init(frameCount: Int, framesPerSecond: Int, write: @escaping (Data) throws(OutputError) -> Void) {
        self.frameCount = frameCount
        self.framesPerSecond = framesPerSecond
        self.write = write
    }

    /// Codes `bitmap` with the single-pass encoder, as RGBA when `alpha` (else RGB when it is
    /// opaque). Thread-safe: the encoder's buffers are the calling thread's.
    static func encode(_ bitmap: Bitmap, alpha: Bool, frame: Int) throws(OutputError) -> Frame {
        let result = bitmap.withUnsafeBytes { pixels in
            Result { () throws(OutputError) in
                try SinglePassPNG.encode(pixels, width: bitmap.pixelWidth, height: bitmap.pixelHeight, bytesPerRow: bitmap.bytesPerRow,
                                         flags: alpha ? Int32(WEFT_PNG_RGBA) : 0) { chunks($0, bitmap: bitmap) }
            }
        }
        let frameName = "frame \(frame + 1) (\(bitmap.pixelWidth)×\(bitmap.pixelHeight) px)"
        switch result {
        case .failure(let error):
            throw .cannotEncode(format: .apng, reason: "\(frameName) could not be PNG-coded: \(error)")
        case .success(nil):
            throw .cannotEncode(format: .apng, reason: "\(frameName): the encoder's file could not be split into chunks")
        case .success(let frame?):
            return frame
        }
    }

    /// The colour type and the IDAT data of a PNG file as the single-pass encoder lays it out.
    private static func chunks(_ png: UnsafeBufferPointer<UInt8>, bitmap: Bitmap) -> Frame? {
        var offset = 8, colourType: UInt8?, zlib = Data()
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= png.count else { return nil }
            if type == "IHDR" { colourType = png[data + 9] }
            if type == "IDAT" { zlib.append(UnsafeBufferPointer(rebasing: png[data..<(data + length)])) }
            offset = data + length + 4
        }
        return colourType.map { Frame(bitmap: bitmap, colourType: $0, zlib: zlib) }
    }

    /// Writes the next frame (its size checked by the caller); frame 1 also writes the file's
    /// header. Throws `cannotEncode` for a frame with transparent pixels in an RGB stream.
    func append(_ frame: Frame, index: Int) throws(OutputError) {
        var frame = frame
        if let colourType, frame.colourType != colourType {
            guard colourType == Self.rgba else {
                throw .cannotEncode(format: .apng, reason: "frame \(index + 1) has transparent pixels, but frame 1 was opaque and an APNG's frames share one colour type; give the collection an opaque backgroundColor, or write PNG files")
            }
            frame = try Self.encode(frame.bitmap, alpha: true, frame: index)
        }
        let width = UInt32(frame.bitmap.pixelWidth), height = UInt32(frame.bitmap.pixelHeight)
        var bytes: [UInt8] = []
        if colourType == nil {
            colourType = frame.colourType
            bytes += PNGDecoder.signature
            var header: [UInt8] = []
            header.appendBigEndian(width)
            header.appendBigEndian(height)
            header += [8, frame.colourType, 0, 0, 0]
            bytes.appendChunk("IHDR", header)
            bytes.appendChunk("sRGB", [0])
            var control: [UInt8] = []
            control.appendBigEndian(UInt32(frameCount))
            control.appendBigEndian(0)  // loop forever
            bytes.appendChunk("acTL", control)
        }
        var control: [UInt8] = []
        control.appendBigEndian(sequenceNumber)
        control.appendBigEndian(width)
        control.appendBigEndian(height)
        control.appendBigEndian(0)
        control.appendBigEndian(0)
        // Delay 1/fps s; dispose NONE; blend SOURCE, so a frame's transparent pixels replace what was there.
        control += [0, 1, UInt8(framesPerSecond >> 8), UInt8(framesPerSecond & 0xFF), 0, 0]
        bytes.appendChunk("fcTL", control)
        sequenceNumber += 1
        try write(Data(bytes))
        if framesWritten == 0 {
            try writeChunk("IDAT", prefix: nil, frame.zlib)
        } else {
            try writeChunk("fdAT", prefix: sequenceNumber, frame.zlib)
            sequenceNumber += 1
        }
        framesWritten += 1
    }

    /// Ends the file; throws `cannotEncode` unless every frame announced in `acTL` was written.
    func finish() throws(OutputError) {
        guard framesWritten == frameCount else {
            throw .cannotEncode(format: .apng, reason: "\(framesWritten) frames were written of the \(frameCount) announced")
        }
        var end: [UInt8] = []
        end.appendChunk("IEND", [])
        try write(Data(end))
    }

    /// Writes a chunk of `type` holding `prefix` (a big-endian sequence number) then `data`,
    /// without copying `data`.
    private func writeChunk(_ type: String, prefix: UInt32?, _ data: Data) throws(OutputError) {
        var head: [UInt8] = []
        head.appendBigEndian(UInt32(data.count + (prefix == nil ? 0 : 4)))
        head += Array(type.utf8)
        if let prefix { head.appendBigEndian(prefix) }
        var crc = head.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress! + 4, $0.count - 4) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        var tail: [UInt8] = []
        tail.appendBigEndian(crc)
        try write(Data(head))
        try write(data)
        try write(Data(tail))
    }
}
