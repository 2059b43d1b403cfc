import Foundation

/// Why a bitmap could not be made. Each message names the offending value.
public enum GraphicsError: Error, Equatable, CustomStringConvertible {
    /// A size with a NaN, infinite or negative side.
    case invalidSize(CGSize)
    /// A scale that is not finite and within `Bitmap.scaleRange`.
    case invalidScale(CGFloat)
    /// A bitmap past `Bitmap.maximumSide` pixels on a side or `Bitmap.maximumBytes` in all.
    case tooLarge(pixelWidth: Int, pixelHeight: Int)
    /// cairo refused to make a surface; the text is cairo's status.
    case cairo(String)

    public var description: String {
        switch self {
        case .invalidSize(let size):
            return "invalid size \(size.width)×\(size.height): each side must be a finite number ≥ 0"
        case .invalidScale(let scale):
            return "invalid scale \(scale): it must be a finite number in \(Bitmap.scaleRange)"
        case .tooLarge(let w, let h):
            return "bitmap of \(w)×\(h) pixels is too large: at most \(Bitmap.maximumSide) pixels a side and \(Bitmap.maximumBytes >> 20) MiB"
        case .cairo(let status):
            return "cairo could not make a surface: \(status)"
        }
    }
}
