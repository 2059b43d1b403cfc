import Foundation

/// An object's address as Objective-C's `%p` prints it ("0x…"), for the debug descriptions that
/// Texture's and UIKit's carry: a ported test finds an object in a description by it.
enum ObjectAddress {
    static func string(of object: AnyObject) -> String {
        String(format: "%p", UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
    }
}
