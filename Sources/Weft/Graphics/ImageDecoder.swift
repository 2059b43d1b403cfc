import Foundation

/// Turns PNG or JPEG bytes into a `Bitmap`, choosing the decoder by the bytes' signature.
/// Stateless; use from any context.
package enum ImageDecoder {
    package static func decode(_ data: Data, scale: CGFloat, source: String) throws(ImageDecodingError) -> Bitmap {
        guard DisplayScale(scale) != nil else { throw .invalidScale(scale) }
        if data.starts(with: PNGDecoder.signature) {
            return try PNGDecoder.decode(data, scale: scale, source: source)
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try JPEGDecoder.decode(data, scale: scale, source: source)
        }
        throw .unsupportedFormat(source: source)
    }

    static var maximumFileBytes: Int { WeftLimits.maximumImageFileBytes }

    static func decode(contentsOfFile path: String, scale: CGFloat? = nil) throws(ImageDecodingError) -> Bitmap {
        let data = try readImageFile(path)
        return try decode(data, scale: scale ?? scaleSuffix(of: path), source: path)
    }

    /// Reads a whole regular file of at most `maximumFileBytes`. Devices, FIFOs and directories are
    /// refused before reading (`/dev/zero` never ends, a FIFO blocks), and the read stops past the
    /// limit even if the file grows meanwhile.
    package static func readImageFile(_ path: String) throws(ImageDecodingError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        try checkRegularFile(info, path: path)
        // O_NONBLOCK: if the path was swapped for a FIFO since `stat`, opening must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        try checkRegularFile(info, path: path)

        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maximumFileBytes else { throw .fileTooLarge(path: path, bytes: bytes.count) }
        }
        return Data(bytes)
    }

    private static func checkRegularFile(_ info: stat, path: String) throws(ImageDecodingError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_size <= off_t(maximumFileBytes) else { throw .fileTooLarge(path: path, bytes: Int(info.st_size)) }
            return
        case S_IFDIR: kind = "a directory"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        default: kind = "of an unknown file type"
        }
        throw .notARegularFile(path: path, kind: kind)
    }

    /// UIKit's file-name convention: `photo@2x.png` is a scale-2 image.
    package static func scaleSuffix(of path: String) -> CGFloat {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for scale in [3, 2] where name.hasSuffix("@\(scale)x") { return CGFloat(scale) }
        return 1
    }

    static func checkSize(width: Int, height: Int, source: String) throws(ImageDecodingError) {
        guard width > 0, height > 0, width <= Bitmap.maximumSide, height <= Bitmap.maximumSide,
              width * height * 4 <= Bitmap.maximumBytes
        else { throw .tooLarge(source: source, pixelWidth: width, pixelHeight: height) }
    }
}
