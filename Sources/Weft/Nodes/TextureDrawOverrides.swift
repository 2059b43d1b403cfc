import Foundation
import Synchronization

/// Which node classes override Texture's `draw(_:withParameters:isCancelled:isRasterizing:)`.
///
/// Texture asks the Objective-C runtime; Swift has no such question, so the base method records
/// that it was reached. The first time a class's node is displayed without draw parameters, the
/// method is called once into a 1 × 1 point scratch context: reaching the base means the class
/// does not draw that way. The answer is kept per class. Sendable; use from any context.
enum TextureDrawOverrides {
    private final class Flag { var reached = false }
    private static let flag = ThreadLocal { Flag() }
    private static let answers = Mutex<[ObjectIdentifier: Bool]>([:])

    static func baseWasReached() { flag.value.reached = true }

    /// Whether `type` overrides Texture's drawing method; probed once per class.
    static func overrides(_ type: ASDisplayNode.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = answers.withLock({ $0[key] }) { return known }
        let flag = self.flag.value
        let outer = flag.reached
        flag.reached = false
        defer { flag.reached = outer }
        let bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        _ = try? Bitmap(size: bounds.size, scale: 1) { context in
            UIGraphicsContextStack.with(context, ownsPixels: true) {
                type.draw(bounds, withParameters: nil, isCancelled: { false }, isRasterizing: false)
            }
        }
        let answer = !flag.reached
        answers.withLock { $0[key] = answer }
        return answer
    }
}
