import Foundation

/// Light or dark appearance; UIKit's `UIUserInterfaceStyle`, with its raw values. Dynamic colours
/// (`UIColor(dynamicProvider:)`, the system colours) resolve by it; `.unspecified` draws as light,
/// as UIKit does. Sendable value; use from any context.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
    case unspecified = 0, light, dark
}
