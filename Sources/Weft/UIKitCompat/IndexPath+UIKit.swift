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

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item within the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row within the section; the same index as `item`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
