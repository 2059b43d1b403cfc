import Foundation
import Weft

/// Why a `SnapshotMatrix` cannot be rendered; found before anything is rendered, and each
/// message names the value at fault. Sendable value; use from any context.
public enum SnapshotMatrixError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A dimension (devices, styles, contentSizes, directions) is empty: the matrix has no cells.
    case emptyDimension(String)
    /// The matrix has `count` cells, more than `WeftLimits.maximumMatrixCombinations`.
    case tooManyCombinations(count: Int, factors: String)
    /// The device at `index` has the name "", which cannot name its goldens.
    case emptyDeviceName(index: Int)
    /// A cell's name makes a file name of `bytes` bytes, more than a file system holds (255).
    case nameTooLong(String, bytes: Int)
    /// Two cells have this name (two devices named alike).
    case duplicateName(String)

    public var description: String {
        switch self {
        case .emptyDimension(let dimension):
            return "the matrix has no \(dimension): give at least one"
        case let .tooManyCombinations(count, factors):
            return "the matrix has \(count) combinations (\(factors)), more than WeftLimits.maximumMatrixCombinations "
                + "(\(WeftLimits.maximumMatrixCombinations)); split it into smaller matrices"
        case .emptyDeviceName(let index):
            return "device \(index) of the matrix has an empty name: give it a name, or nil to name it by its size"
        case let .nameTooLong(name, bytes):
            return "the cell name \"\(name)\" makes a file name of \(bytes) bytes, more than the \(GoldenName.maximumComponentBytes) a file system holds: give the device a shorter name"
        case .duplicateName(let name):
            return "two cells are both named \"\(name)\": give each device a different name"
        }
    }
}
