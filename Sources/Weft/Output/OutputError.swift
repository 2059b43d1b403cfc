import Foundation

/// Why output could not be written. Each message names the file.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// The file or its folder could not be written.
    case cannotWrite(path: String, reason: String)
    /// The encoder failed; `reason` is its word.
    case encodingFailed(reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "could not write \(path): \(reason)"
        case .encodingFailed(let reason): return "PNG encoding failed: \(reason)"
        }
    }
}

extension Data {
    /// Writes atomically, creating the folder, and reports failure with the path named.
    func write(toFile path: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
