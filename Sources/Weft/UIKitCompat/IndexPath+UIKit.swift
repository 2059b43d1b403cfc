import Foundation

extension IndexPath {
    /// UIKit's `IndexPath(item:section:)` for collection views.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// UIKit's `IndexPath(row:section:)` for table views.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index. UIKit traps on an index path without one; here it reads as
    /// -1, a section no collection has, so every lookup with it fails as out of range instead.
    public var section: Int {
        get { count > 0 ? self[0] : -1 }
        set { self[0] = newValue }
    }

    /// The item within the section: the second index; -1 when there is none (see `section`).
    public var item: Int {
        get { count > 1 ? self[1] : -1 }
        set { self[1] = newValue }
    }

    /// The row within the section; the same index as `item`.
    public var row: Int {
        get { item }
        set { self[1] = newValue }
    }
}
