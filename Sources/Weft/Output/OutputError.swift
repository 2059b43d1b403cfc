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
