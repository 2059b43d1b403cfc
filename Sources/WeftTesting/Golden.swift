import Foundation
import Testing
import Weft

/// Renders `node` at each of `scales` and records a test issue for every golden that does not
/// match `golden/<name>@<scale>x.png`; the issue says where the reference, failure and difference
/// images were written. See `GoldenStore` for naming and `GoldenRecording` for recording.
public func expectGolden(_ node: ASDisplayNode, named name: String, scales: [CGFloat] = [1, 2],
                         filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let store = GoldenStore(packageContaining: filePath)
    for scale in scales {
        if let failure = store.verify(node, named: name, scale: scale) {
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
        }
    }
}
