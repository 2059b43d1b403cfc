import Foundation
import SnapshotTesting
import Weft
import WeftTesting

extension Diffing where Value == RenderedImage {
    /// PNG bytes on disk, Weft's comparison (`GoldenComparison`, the one `expectGolden` uses) in
    /// memory. A mismatch names the numbers found and the nodes whose area differs, and attaches
    /// the reference, the failure and a difference image; a render error is reported as itself.
    /// `precision` and `perceptualPrecision` mean what they mean in swift-snapshot-testing.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let tolerance = GoldenTolerance(precision: decimal(precision), perceptualPrecision: decimal(perceptualPrecision))
        return .diff(
            toData: { image in
                switch image.content {
                case .bitmap(let bitmap):
                    return PNGEncoder().encode(bitmap)
                case .failure(let message):
                    // swift-snapshot-testing records without diffing; the error would otherwise
                    // vanish behind "Record mode is on". The file written is empty, never a picture.
                    if image.failureReport?.claim() == true {
                        GoldenFailureReporter.report(message, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
                    }
                    return Data()
                }
            },
            // Read, not decoded: a rendering Weft's encoder would write as these bytes passes
            // without decoding them (`Bitmap.isEncoded(in:)`).
            fromData: { data in .reference(data) },
            diffV2: { reference, actual in
                let rendered: Bitmap
                switch actual.content {
                case .failure(let message):
                    _ = actual.failureReport?.claim()
                    return (message, [])
                case .bitmap(let bitmap):
                    if let file = reference.reference, bitmap.isEncoded(in: file.data) { return nil }
                    // A rendering equal to the decoded reference passes as it is: a decoded PNG is
                    // its own round trip (see `GoldenStore`), so nothing is encoded or decoded.
                    if case .bitmap(let expected) = reference.content, bitmap.hasSamePixels(as: expected) { return nil }
                    // Otherwise compared after the same PNG round trip as the reference, so
                    // un-premultiplying cannot make a match fail; worked out without encoding.
                    rendered = (try? bitmap.pngRoundTripped()) ?? bitmap
                }
                guard case .bitmap(let expected) = reference.content else {
                    if case .failure(let message) = reference.content { return (message, [.data(PNGEncoder().encode(rendered), name: "failure")]) }
                    return nil
                }
                guard let mismatch = GoldenComparison.mismatch(expected, rendered, tolerance: tolerance, attribution: actual.attribution) else {
                    return nil
                }
                var attachments: [DiffAttachment] = [.data(PNGEncoder().encode(expected), name: "reference"),
                                                     .data(PNGEncoder().encode(rendered), name: "failure")]
                if let difference = mismatch.differenceImage { attachments.append(.data(PNGEncoder().encode(difference), name: "difference")) }
                return (mismatch.message, attachments)
            })
    }

    /// The value as written: `Float(0.99)` widened is 0.99000001, which 396 matching pixels of 400
    /// would not reach.
    private static func decimal(_ value: Float) -> Double { Double("\(value)") ?? Double(value) }
}
