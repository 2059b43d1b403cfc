import Foundation
import Weft

/// Frame sequences no scroll can make.
enum FrameCases {
    static let all: [HostileCase] = [
        HostileCase(category: .frames, name: "a-billion-frames") {
            try Expect.error(containing: "1000000000") { try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 1_000_000_000) }
        },
        HostileCase(category: .frames, name: "zero-and-negative-frame-counts") {
            try Expect.error(containing: "0") { try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: 0) }
            try Expect.error(containing: "-3") { try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 100), frames: -3) }
        },
        HostileCase(category: .frames, name: "nan-scroll-ends") {
            try Expect.error(containing: "nan") { try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: CGFloat.nan), frames: 10) }
        },
        HostileCase(category: .frames, name: "nan-offsets-in-a-sequence") {
            let collection = ScriptedCollection()
            let sequence = FrameSequence(offsets: [.zero, CGPoint(x: 0, y: CGFloat.nan)])
            let folder = Fixture.folder()
            try Expect.error(containing: "nan") { try collection.node.writeFrames(sequence, scale: 1, toFolder: folder) }
        },
        HostileCase(category: .frames, name: "bad-flings") {
            let bounds = (min: CGPoint.zero, max: CGPoint(x: 0, y: 1000))
            try Expect.error(containing: "inf") { try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: CGFloat.infinity), bounds: bounds) }
            try Expect.error(containing: "0") { try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 100), framesPerSecond: 0, bounds: bounds) }
            // A huge but finite fling is a long sequence, clamped to the scrollable range.
            let fling = try Expect.success("a 1e300 pt/s fling") { try FrameSequence.deceleration(from: .zero, velocity: CGPoint(x: 0, y: 1e300), bounds: bounds) }
            try Expect.that(fling.count <= WeftLimits.maximumFrames && fling.offsets.allSatisfy { $0.y.isFinite && (0...1000).contains($0.y) },
                            "a 1e300 fling made \(fling.count) frames, some outside the scrollable range")
        },
        HostileCase(category: .frames, name: "bad-snapshot-scales") {
            let collection = ScriptedCollection()
            try Expect.error(containing: "nan") { try collection.node.snapshot(at: .zero, scale: .nan) }
            try Expect.error(containing: "0.0") { try collection.node.snapshot(at: .zero, scale: 0) }
        },
        HostileCase(category: .frames, name: "zero-viewport") {
            let collection = ScriptedCollection(viewport: CGSize(width: 0, height: 480))
            try Expect.error(containing: "0.0") { try collection.node.snapshot(at: .zero, scale: 1) }
        },
        HostileCase(category: .frames, name: "nan-viewport-shows-the-given-value") {
            let collection = ScriptedCollection()
            WeftDiagnostics.printsToStandardError = false
            collection.node.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 480)
            try Expect.error(containing: "nan") { try collection.node.snapshot(at: .zero, scale: 1) }
        },
        HostileCase(category: .frames, name: "nan-content-offset-reported") {
            let collection = ScriptedCollection()
            try Expect.diagnostic(containing: "nan") { try collection.node.snapshot(at: CGPoint(x: 0, y: CGFloat.nan), scale: 1) }
        },
        HostileCase(category: .frames, name: "offset-far-past-the-end") {
            let collection = ScriptedCollection()
            let bitmap = try Expect.success("a snapshot far past the end") { try collection.node.snapshot(at: CGPoint(x: 0, y: 1e12), scale: 1) }
            try Expect.that(bitmap.pixelWidth == 320, "the frame is \(bitmap.pixelWidth) pixels wide")
        },
    ]
}
