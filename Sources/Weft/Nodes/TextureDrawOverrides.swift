import Foundation
import Synchronization

/// Which node classes override Texture's class drawing methods,
/// `draw(_:withParameters:isCancelled:isRasterizing:)` and `display(withParameters:isCancelled:)`.
///
/// Texture asks the Objective-C runtime; Swift has no such question, so each base method records
/// that it was reached. The image method is asked for real the first time a class's node
/// displays: reaching the base means the class does not display that way. The drawing method is
/// probed the first time a class's node is displayed without draw parameters, drawing into a
/// 1 × 1 point scratch context. The answers are kept per class. Sendable; use from any context.
enum TextureDrawOverrides {
    private final class Flag { var reached = false }
    private static let flag = ThreadLocal { Flag() }
    private static let drawAnswers = Mutex<[ObjectIdentifier: Bool]>([:])
    private static let imageAnswers = Mutex<[ObjectIdentifier: Bool]>([:])

    static func baseWasReached() { flag.value.reached = true }

    /// Whether `type` overrides Texture's drawing method; probed once per class.
    static func overrides(_ type: ASDisplayNode.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = drawAnswers.withLock({ $0[key] }) { return known }
        let bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        let answer = !reachesBase {
            _ = try? Bitmap(size: bounds.size, scale: 1) { context in
                UIGraphicsContextStack.with(context, ownsPixels: true) {
                    type.draw(bounds, withParameters: nil, isCancelled: { false }, isRasterizing: false)
                }
            }
        }
        drawAnswers.withLock { $0[key] = answer }
        return answer
    }

    /// The image `type` makes with `make` (its `display(withParameters:isCancelled:)`), and whether
    /// it overrides that method at all; a class known not to is not asked again.
    static func imageDisplay(of type: ASDisplayNode.Type, _ make: () -> UIImage?) -> (overrides: Bool, image: UIImage?) {
        let key = ObjectIdentifier(type)
        if imageAnswers.withLock({ $0[key] }) == false { return (false, nil) }
        var image: UIImage?
        let answer = !reachesBase { image = make() }
        imageAnswers.withLock { $0[key] = answer }
        return (answer, image)
    }

    /// Whether `type` overrides the image method. Before its first display, asks it once with no
    /// parameters and a drawing already cancelled (which an override answers at once), keeping
    /// the answer and dropping the image.
    static func makesImages(_ type: ASDisplayNode.Type) -> Bool {
        imageDisplay(of: type) { type.display(withParameters: nil, isCancelled: { true }) }.overrides
    }

    /// Runs `probe` and tells whether it reached a base method; the thread's flag is restored,
    /// so a call made while a base method runs does not change its answer.
    private static func reachesBase(_ probe: () -> Void) -> Bool {
        let flag = self.flag.value
        let outer = flag.reached
        flag.reached = false
        defer { flag.reached = outer }
        probe()
        return flag.reached
    }
}
