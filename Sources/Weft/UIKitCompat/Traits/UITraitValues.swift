import Foundation

// The values UIKit's traits take, with UIKit's case names and raw values, so code that switches
// on them or stores their raw values ports unchanged. Each is a Sendable value.

/// A width or height class; UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The kind of device; UIKit's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// The direction of a trait environment's layout; UIKit's `UITraitEnvironmentLayoutDirection`.
/// `.unspecified` lays out left to right.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, Hashable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// The direction of a user interface; UIKit's `UIUserInterfaceLayoutDirection` (a view's
/// `effectiveUserInterfaceLayoutDirection`).
public enum UIUserInterfaceLayoutDirection: Int, Sendable, Hashable {
    case leftToRight = 0, rightToLeft = 1
}

/// The colour gamut of a display; UIKit's `UIDisplayGamut`. Weft draws sRGB.
public enum UIDisplayGamut: Int, Sendable, Hashable {
    case unspecified = -1, SRGB = 0, P3 = 1
}

/// Whether 3D Touch is there; UIKit's `UIForceTouchCapability`.
public enum UIForceTouchCapability: Int, Sendable, Hashable {
    case unknown = 0, unavailable = 1, available = 2
}

/// Base or elevated level (sheets, popovers); UIKit's `UIUserInterfaceLevel`. The elevated
/// system background colours resolve by it.
public enum UIUserInterfaceLevel: Int, Sendable, Hashable {
    case unspecified = -1, base = 0, elevated = 1
}

/// The Increase Contrast setting; UIKit's `UIAccessibilityContrast`. The system colours' high
/// contrast variants resolve by it.
public enum UIAccessibilityContrast: Int, Sendable, Hashable {
    case unspecified = -1, normal = 0, high = 1
}

/// The Bold Text setting; UIKit's `UILegibilityWeight`.
public enum UILegibilityWeight: Int, Sendable, Hashable {
    case unspecified = -1, regular = 0, bold = 1
}
