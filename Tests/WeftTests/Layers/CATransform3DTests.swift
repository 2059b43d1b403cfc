import Foundation
import Testing
@testable import Weft

@Suite struct CATransform3DTests {
    @Test func makersAndPredicates() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeScale(2, 1, 1)))
        let t = CATransform3DMakeTranslation(3, 4, 5)
        #expect(t.m41 == 3 && t.m42 == 4 && t.m43 == 5 && t.m11 == 1)
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(0.5, 0.5, 1), CATransform3DMakeScale(0.5, 0.5, 1)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(0.5, 0.5, 1), CATransform3DIdentity))
        // A zero axis changes nothing, as Core Animation's rotation does.
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    /// About z, a rotation turns as UIKit's affine rotation does (clockwise with y down).
    @Test func rotationAboutZMatchesTheAffineRotation() {
        let angle = CGFloat.pi / 6
        let affine = CATransform3DGetAffineTransform(CATransform3DMakeRotation(angle, 0, 0, 1))
        let expected = CGAffineTransform(rotationAngle: angle)
        for (a, b) in [(affine.a, expected.a), (affine.b, expected.b), (affine.c, expected.c), (affine.d, expected.d)] {
            #expect(abs(a - b) < 1e-12)
        }
    }

    /// `CATransform3DConcat(a, b)` applies `a` first, as `CGAffineTransform.concatenating` does.
    @Test func concatenationOrderAndAffineBridging() {
        let scale = CATransform3DMakeScale(2, 3, 1), move = CATransform3DMakeTranslation(10, 20, 0)
        let both = CATransform3DConcat(scale, move)
        let point = CGPoint(x: 1, y: 1).applying(CATransform3DGetAffineTransform(both))
        #expect(point == CGPoint(x: 12, y: 23))
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)) == affine)
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(affine)))
        #expect(CATransform3DConcat(CATransform3DIdentity, both) == both)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }
}
