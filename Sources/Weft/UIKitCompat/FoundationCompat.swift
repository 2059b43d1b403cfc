import Foundation

/// Objective-C's `NSInteger`, which Swift on Apple platforms imports as `Int`.
public typealias NSInteger = Int

/// Objective-C's `NSUInteger`, which Swift on Apple platforms imports as `UInt`.
public typealias NSUInteger = UInt

/// Nanoseconds per second; the `NSEC_PER_SEC` of `<dispatch/time.h>` that Darwin exports and
/// Dispatch on Linux does not. `UInt64`, as Swift imports it on Apple platforms.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds per millisecond; `<dispatch/time.h>`'s `NSEC_PER_MSEC`.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Nanoseconds per microsecond; `<dispatch/time.h>`'s `NSEC_PER_USEC`.
public let NSEC_PER_USEC: UInt64 = 1_000

/// Microseconds per second; `<dispatch/time.h>`'s `USEC_PER_SEC`.
public let USEC_PER_SEC: UInt64 = 1_000_000

// Core Graphics' comparisons, which Linux's Foundation leaves out.
extension CGSize {
    /// Core Graphics' `equalTo(_:)`: the same width and height.
    public func equalTo(_ size: CGSize) -> Bool { self == size }
}

extension CGPoint {
    /// Core Graphics' `equalTo(_:)`: the same coordinates.
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

extension CGRect {
    /// Core Graphics' `equalTo(_:)`: the same origin and size.
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}
