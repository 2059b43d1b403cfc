import Foundation

/// Directions a collection can scroll in; Texture's `ASScrollDirection`. `right` and `down` move
/// the content offset toward larger values. Sendable value; use from any context.
public struct ASScrollDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = ASScrollDirection(rawValue: 1 << 0)
    public static let left = ASScrollDirection(rawValue: 1 << 1)
    public static let up = ASScrollDirection(rawValue: 1 << 2)
    public static let down = ASScrollDirection(rawValue: 1 << 3)
    /// Texture's `ASScrollDirectionVerticalDirections`.
    public static let verticalDirections: ASScrollDirection = [.up, .down]
    /// Texture's `ASScrollDirectionHorizontalDirections`.
    public static let horizontalDirections: ASScrollDirection = [.left, .right]
}

/// Texture's C constants for the directions, as Swift code written against Texture spells them.
public let ASScrollDirectionNone: ASScrollDirection = []
public let ASScrollDirectionVerticalDirections: ASScrollDirection = .verticalDirections
public let ASScrollDirectionHorizontalDirections: ASScrollDirection = .horizontalDirections

/// Texture's `ASScrollDirectionContainsVerticalDirection`: `direction` has up or down.
public func ASScrollDirectionContainsVerticalDirection(_ direction: ASScrollDirection) -> Bool {
    !direction.isDisjoint(with: .verticalDirections)
}

/// Texture's `ASScrollDirectionContainsHorizontalDirection`: `direction` has left or right.
public func ASScrollDirectionContainsHorizontalDirection(_ direction: ASScrollDirection) -> Bool {
    !direction.isDisjoint(with: .horizontalDirections)
}

/// Texture's `ASScrollDirectionContainsRight`.
public func ASScrollDirectionContainsRight(_ direction: ASScrollDirection) -> Bool { direction.contains(.right) }

/// Texture's `ASScrollDirectionContainsLeft`.
public func ASScrollDirectionContainsLeft(_ direction: ASScrollDirection) -> Bool { direction.contains(.left) }

/// Texture's `ASScrollDirectionContainsUp`.
public func ASScrollDirectionContainsUp(_ direction: ASScrollDirection) -> Bool { direction.contains(.up) }

/// Texture's `ASScrollDirectionContainsDown`.
public func ASScrollDirectionContainsDown(_ direction: ASScrollDirection) -> Bool { direction.contains(.down) }
