import Foundation
import Testing
@testable import Weft

/// Texture's layout transitions, applied without animation frames.
@MainActor @Suite struct LayoutTransitionTests {
    /// A node that lays out one of two children side by side with a fixed-size box.
    final class SwitchingNode: ASDisplayNode, @unchecked Sendable {
        // SAFETY: set on the main actor before a transition measures.
        let first = ASDisplayNode(), second = ASDisplayNode()
        nonisolated(unsafe) var showsSecond = false
        override init() {
            super.init()
            automaticallyManagesSubnodes = true
            for node in [first, second] { node.style.preferredSize = CGSize(width: 10, height: 10) }
        }
        override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
            let stack = ASStackLayoutSpec.horizontal()
            stack.children = showsSecond ? [second] : [first]
            return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5), child: stack)
        }
    }

    @Test func aTransitionAppliesTheNewLayoutAndCallsTheCompletion() {
        let node = SwitchingNode()
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        node.layoutIfNeeded()
        #expect(node.subnodes.count == 1 && node.subnodes[0] === node.first)
        node.showsSecond = true
        var completions = 0
        node.transitionLayout(withAnimation: true, shouldMeasureAsync: false) { completions += 1 }
        #expect(completions == 1)
        #expect(node.subnodes.count == 1 && node.subnodes[0] === node.second)
        #expect(node.second.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test func anAsynchronousTransitionCompletesOnTheMainThread() async {
        let node = SwitchingNode()
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        node.layoutIfNeeded()
        node.showsSecond = true
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            node.transitionLayout(with: ASSizeRange(exactly: CGSize(width: 100, height: 40)), animated: false, shouldMeasureAsync: true) {
                done.resume()
            }
        }
        #expect(node.subnodes.first === node.second)
    }

    @Test func aCancelledTransitionIsNotApplied() async throws {
        let node = SwitchingNode()
        node.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        node.layoutIfNeeded()
        node.showsSecond = true
        node.cancelLayoutTransition()
        var called = false
        node.transitionLayout(with: ASSizeRange(exactly: CGSize(width: 100, height: 40)), animated: false, shouldMeasureAsync: true) { called = true }
        node.cancelLayoutTransition()
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(!called && node.subnodes.first === node.first)
    }

    @Test func aRangeWithNoRoomStartsNoTransition() {
        let node = SwitchingNode()
        var called = false
        let (_, reports) = WeftDiagnostics.collect(matching: "no transition was started") {
            node.transitionLayout(withAnimation: false, shouldMeasureAsync: false) { called = true }
        }
        #expect(!called && reports.count == 1)
    }
}
