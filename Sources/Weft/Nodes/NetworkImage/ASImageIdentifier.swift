import Foundation

/// One version of an image shown by an `ASMultiplexImageNode`; Texture's `ASImageIdentifier`
/// (`id<NSCopying, NSObject>`, which a Swift user of AsyncDisplayKit sees as
/// `NSCopying & NSObjectProtocol`).
///
/// Weft uses `AnyHashable`, the closest Linux spelling that takes both Texture's identifiers and
/// Swift values: `imageNode.imageIdentifiers = [1 as NSNumber]`, `[1]` and `["small", "large"]`
/// all compile, and a data source reads one back with `imageIdentifier as? String`. Identifiers
/// are compared with `==` (an `NSObject`'s `isEqual(_:)`), as Texture compares them with
/// `isEqual:`. Foundation on Linux does not bridge, so `1` and `1 as NSNumber` are two different
/// identifiers: spell an identifier the same way everywhere.
public typealias ASImageIdentifier = AnyHashable

/// An identifier as the node keeps it: copied when set (an `NSCopying` value by `copy()`, as
/// Texture copies the array's items), then only compared, hashed and handed back.
struct ImageIdentifierBox: @unchecked Sendable, Equatable {
    // SAFETY: `AnyHashable` is not Sendable because it may hold a class instance. The node never
    // mutates the value; it copies `NSCopying` instances on the way in (Texture's contract: an
    // identifier is an immutable copy), and only compares it and passes it to the data source
    // and delegate, which are Sendable and get it as a value.
    let value: ASImageIdentifier

    init(_ value: ASImageIdentifier) { self.value = value }

    /// Texture's `-[NSArray initWithArray:copyItems:YES]` for one item.
    static func copying(_ value: ASImageIdentifier) -> ImageIdentifierBox {
        if let copyable = value.base as? NSCopying, let copy = copyable.copy() as? AnyHashable, copy == value {
            return ImageIdentifierBox(copy)
        }
        return ImageIdentifierBox(value)
    }
}
