import Foundation

/// Light or dark appearance; UIKit's `UIUserInterfaceStyle`, with its raw values. Weft draws the
/// light appearance. Sendable value; use from any context.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified = 0, light, dark
}
