import Foundation

/// What an accessibility walk left out, reported when the walk ends: one `WeftDiagnostic` per
/// kind, naming the first node and the node that led to it, with how many more of that kind
/// there were. A list of 100,000 entries that all name their container costs one line, not
/// 100,000.
///
/// Owned by one `AccessibilityWalk`, on the thread that runs it.
struct AccessibilityWalkCuts {
    enum Kind: CaseIterable {
        case cycle, repeated, tooDeep, notANode
    }

    private var first: [Kind: (subject: String, message: String)] = [:]
    private var counts: [Kind: Int] = [:]

    /// `node` leads back to `child`, which is `node` itself or one of the nodes being searched above it.
    mutating func cycle(_ child: ASDisplayNode, in node: ASDisplayNode) {
        note(.cycle, node) {
            let which = child === node ? "the node itself" : "\(child.description), a node it is reached from"
            return "its accessibility elements lead back to \(which), a cycle; that entry was left out and the rest read"
        }
    }

    /// `child` was reached again through `node` (listed twice, or also reached elsewhere).
    mutating func repeated(_ child: ASDisplayNode, in node: ASDisplayNode) {
        note(.repeated, node) {
            "\(child.description) is reached a second time (listed twice in accessibilityElements, or read elsewhere too); it is read once"
        }
    }

    mutating func tooDeep(_ node: ASDisplayNode, depth: Int) {
        note(.tooDeep, node) {
            "at depth \(depth) of the accessibility walk, past WeftLimits.maximumTreeDepth (\(WeftLimits.maximumTreeDepth)); it and its subtree were left out"
        }
    }

    mutating func notANode(_ entry: Any, at index: Int, in node: ASDisplayNode) {
        note(.notANode, node) {
            "accessibilityElements[\(index)] is a \(type(of: entry)), not a node; it was skipped (only nodes are read)"
        }
    }

    /// Counts one cut; only the first of a kind is described (the walk may meet thousands).
    private mutating func note(_ kind: Kind, _ node: ASDisplayNode, _ message: () -> String) {
        counts[kind, default: 0] += 1
        if first[kind] == nil { first[kind] = (node.description, message()) }
    }

    func report() {
        for kind in Kind.allCases {
            guard let (subject, message) = first[kind], let count = counts[kind] else { continue }
            let more = count > 1 ? " (and \(count - 1) more like it)" : ""
            WeftDiagnostics.report(.accessibility, subject, message + more)
        }
    }
}
