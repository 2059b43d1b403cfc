import Foundation

/// Views compare and hash by identity, as `NSObject`s do in UIKit, so that `XCTAssertEqual` on two
/// views and views as dictionary keys port unchanged.
extension UIView: Equatable, Hashable {
    nonisolated public static func == (a: UIView, b: UIView) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
