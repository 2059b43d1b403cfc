import Foundation

/// The name of an action method; Objective-C's `Selector`, which Linux's Foundation lacks. Weft has
/// no Objective-C runtime to send it, so target–action pairs (`UIBarButtonItem(…, target:, action:)`)
/// are stored for code that reads them back and never invoked; `#selector` does not exist here.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}
