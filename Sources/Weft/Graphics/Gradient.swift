import Foundation

/// A linear or radial colour gradient in points, for `GraphicsContext.fill(_:with:)`.
/// Sendable value; use from any context.
public struct Gradient: Sendable, Equatable {
    /// A colour at a location in 0...1 along the gradient.
    public struct Stop: Sendable, Equatable {
        public var location: CGFloat
        public var color: UIColor
        public init(location: CGFloat, color: UIColor) {
            self.location = location
            self.color = color
        }
    }

    enum Shape: Sendable, Equatable {
        case linear(start: CGPoint, end: CGPoint)
        case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
    }

    let shape: Shape
    public let stops: [Stop]

    /// A gradient along the line from `start` to `end`.
    public static func linear(from start: CGPoint, to end: CGPoint, stops: [Stop]) -> Gradient {
        Gradient(shape: .linear(start: start, end: end), stops: stops)
    }

    /// A gradient between two circles.
    public static func radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat, stops: [Stop]) -> Gradient {
        Gradient(shape: .radial(startCenter: startCenter, startRadius: max(0, startRadius), endCenter: endCenter, endRadius: max(0, endRadius)), stops: stops)
    }

    /// Evenly spaced colours.
    public static func evenlySpaced(_ colors: [UIColor]) -> [Stop] {
        guard colors.count > 1 else { return colors.map { Stop(location: 0, color: $0) } }
        return colors.enumerated().map { Stop(location: CGFloat($0.offset) / CGFloat(colors.count - 1), color: $0.element) }
    }
}
