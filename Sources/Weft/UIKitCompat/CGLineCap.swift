import Foundation

/// How the open ends of a stroked path are drawn; Core Graphics' `CGLineCap`, with its raw values
/// (which are cairo's too). Sendable value; use from any context.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// How the segments of a stroked path meet; Core Graphics' `CGLineJoin`, with its raw values
/// (which are cairo's too). Kept beside `CGLineCap`, its pair. Sendable value; use from any context.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}
