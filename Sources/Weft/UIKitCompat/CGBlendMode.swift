import Foundation

/// How a drawing operation combines with the pixels already there; Core Graphics' `CGBlendMode`,
/// with its raw values. Each mode is cairo's operator of the same meaning (`.copy` is SOURCE,
/// `.plusLighter` ADD, the separable and HSL modes cairo's namesakes). `.plusDarker` is left out:
/// cairo has no such operator, so code using it does not compile rather than drawing something else.
/// Sendable value; use from any context.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity
    case clear = 16, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
         destinationAtop, xor
    case plusLighter = 27
}
