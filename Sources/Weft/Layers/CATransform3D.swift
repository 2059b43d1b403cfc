import Foundation

/// A 4×4 transform of a layer; Core Animation's `CATransform3D`. A point (x, y, z, 1) maps as the
/// row vector times the matrix, so `m41`, `m42`, `m43` translate, as in Core Animation.
///
/// Weft composites in two dimensions: a transform draws by its affine part
/// (`CATransform3DGetAffineTransform`), and one with perspective or depth that changes x or y is
/// refused where it is drawn, with a diagnostic (see `CompositeLayer`).
/// Sendable value; use from any context.
public struct CATransform3D: Sendable, Hashable, CustomStringConvertible {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// Core Animation's memberwise initializer, the entries row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// All zeros, as the imported C struct's `init()`.
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// The entries row by row.
    var entries: [CGFloat] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }

    /// True when every entry is finite.
    var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    /// True when x and y of a point in the plane z = 0 come out of the affine part alone: no
    /// perspective (`m14`, `m24` zero, `m44` one). Depth (`m13`, `m23`, `m3x`, `m43`) moves z only,
    /// which a flat composite does not see, except through `m34` (checked with the rest of column 4).
    var isAffineInPlane: Bool { m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1 }

    public var description: String {
        "CATransform3D(" + entries.map { "\($0)" }.joined(separator: ", ") + ")"
    }
}

/// The transform that changes nothing; Core Animation's `CATransform3DIdentity`.
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// Core Animation's `CATransform3DIsIdentity`.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Core Animation's `CATransform3DEqualToTransform`: every entry equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by (tx, ty, tz); Core Animation's `CATransform3DMakeTranslation`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale by (sx, sy, sz); Core Animation's `CATransform3DMakeScale`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis (x, y, z); Core Animation's
/// `CATransform3DMakeRotation`. About (0, 0, 1) it turns clockwise on screen (y down), as UIKit's
/// `CGAffineTransform(rotationAngle:)`. A zero axis gives the identity, as Core Animation's does.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let (s, c) = (sin(angle), cos(angle))
    let k = 1 - c
    return CATransform3D(m11: x * x * k + c, m12: x * y * k + z * s, m13: x * z * k - y * s, m14: 0,
                         m21: y * x * k - z * s, m22: y * y * k + c, m23: y * z * k + x * s, m24: 0,
                         m31: z * x * k + y * s, m32: z * y * k - x * s, m33: z * z * k + c, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `a` then `b`; Core Animation's `CATransform3DConcat`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let l = a.entries, r = b.entries
    var out = [CGFloat](repeating: 0, count: 16)
    for row in 0..<4 {
        for column in 0..<4 {
            var sum: CGFloat = 0
            for k in 0..<4 { sum += l[row * 4 + k] * r[k * 4 + column] }
            out[row * 4 + column] = sum
        }
    }
    return CATransform3D(m11: out[0], m12: out[1], m13: out[2], m14: out[3], m21: out[4], m22: out[5], m23: out[6], m24: out[7],
                         m31: out[8], m32: out[9], m33: out[10], m34: out[11], m41: out[12], m42: out[13], m43: out[14], m44: out[15])
}

/// A translation, then `t`; Core Animation's `CATransform3DTranslate`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale, then `t`; Core Animation's `CATransform3DScale`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation, then `t`; Core Animation's `CATransform3DRotate`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The 3D form of an affine transform; Core Animation's `CATransform3DMakeAffineTransform`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Core Animation's `CATransform3DIsAffine`: true when `t` is exactly an affine transform of the plane.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

/// The affine part of `t` (what it does to x and y); Core Animation's `CATransform3DGetAffineTransform`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
