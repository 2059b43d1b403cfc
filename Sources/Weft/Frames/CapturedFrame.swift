import Foundation

/// A frame as a `FrameSource` captured it, for the driver to composite later on any thread: a
/// collection's composition, which a sink may draw band by band (`FrameSink.encode(_:captured:)`),
/// or any other drawing, which only makes a whole bitmap. Sendable value; use from any context.
enum CapturedFrame: Sendable {
    case composition(FrameComposition)
    case drawing(@Sendable () throws -> Bitmap)

    /// The frame composited into a bitmap.
    func render() throws -> Bitmap {
        switch self {
        case .composition(let composition): try composition.render()
        case .drawing(let draw): try draw()
        }
    }
}
