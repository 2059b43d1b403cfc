import Foundation

/// Whether two colours are equal; Core Graphics' `CGColorEqualToColor`.
public func CGColorEqualToColor(_ color1: CGColor?, _ color2: CGColor?) -> Bool {
    color1 == color2
}
