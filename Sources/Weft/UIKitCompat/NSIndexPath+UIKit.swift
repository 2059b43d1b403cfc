import Foundation

/// UIKit's additions to `NSIndexPath`, which Foundation on Linux lacks: the table and collection
/// initializers and accessors. A position the path does not have reads as `NSNotFound`.
extension NSIndexPath {
    /// UIKit's `NSIndexPath(row:section:)`.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// UIKit's `NSIndexPath(item:section:)`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// UIKit's `section`: the first index.
    public var section: Int { position(0) }

    /// UIKit's `row`: the second index.
    public var row: Int { position(1) }

    /// UIKit's `item`: the second index.
    public var item: Int { position(1) }

    private func position(_ position: Int) -> Int {
        position < length ? index(atPosition: position) : NSNotFound
    }
}
