import Foundation
import Weft

/// Compares renderings with the PNGs under `golden/`, writing failure artifacts beside the
/// package in `.artifacts/golden/` (git-ignored).
///
/// Goldens are named by what they show, never by a counter:
/// `golden/<area>/<Subject>/<case>@<scale>x.png`, for example `nodes/ASTextNode/korean@2x.png`.
/// Pixels must be equal. Both sides go through the same PNG round trip, so un-premultiplying
/// cannot make a match fail.
/// Sendable value; use from any context.
public struct GoldenStore: Sendable {
    /// The folder goldens live in.
    public let goldenDirectory: URL
    /// Where reference / failure / difference images go when a comparison fails.
    public let artifactsDirectory: URL

    public init(goldenDirectory: URL, artifactsDirectory: URL) {
        self.goldenDirectory = goldenDirectory
        self.artifactsDirectory = artifactsDirectory
    }

    /// The store of the package that contains `filePath` (pass `#filePath` from a test).
    public init(packageContaining filePath: String) {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        self.init(goldenDirectory: folder.appendingPathComponent("golden"),
                  artifactsDirectory: folder.appendingPathComponent(".artifacts/golden"))
    }

    /// The golden's file name for a case at a scale: `<name>@<scale>x.png`.
    public static func fileName(_ name: String, scale: CGFloat) -> String {
        let scaleText = scale == scale.rounded() ? String(Int(scale)) : String(describing: scale)
        return "\(name)@\(scaleText)x.png"
    }

    /// Renders `node` at `scale` and compares it with golden `name`.
    public func verify(_ node: ASDisplayNode, named name: String, scale: CGFloat,
                       recording: Result<GoldenRecording, GoldenError> = GoldenRecording.fromEnvironment()) -> GoldenError? {
        let file = Self.fileName(name, scale: scale)
        do {
            return verify(try node.renderBitmap(scale: scale), file: file, recording: recording)
        } catch {
            return .renderFailed(golden: goldenDirectory.appendingPathComponent(file).path, reason: "\(error)")
        }
    }

    /// Compares `bitmap` with the golden file `file` (relative to `goldenDirectory`); nil on a match.
    public func verify(_ bitmap: Bitmap, file: String,
                       recording: Result<GoldenRecording, GoldenError> = GoldenRecording.fromEnvironment()) -> GoldenError? {
        let goldenURL = goldenDirectory.appendingPathComponent(file)
        let encoded = PNGEncoder().encode(bitmap)
        guard let actual = try? UIImage(decoding: encoded, scale: bitmap.scale).bitmap else {
            return .renderFailed(golden: goldenURL.path, reason: "the rendering did not survive a PNG round trip")
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            switch recording {
            case .failure(let error):
                return error
            case .success(.never):
                let path = artifact(file, "failure")
                try? write(encoded, to: path)
                return .missing(golden: goldenURL.path, actual: path.path)
            case .success(.missing):
                do {
                    try write(encoded, to: goldenURL)
                } catch {
                    return .unreadable(golden: goldenURL.path, reason: "could not record: \(error)")
                }
                return .recorded(golden: goldenURL.path)
            }
        }
        let expected: Bitmap
        do {
            expected = try UIImage(contentsOf: goldenURL).bitmap
        } catch {
            return .unreadable(golden: goldenURL.path, reason: "\(error)")
        }
        if actual.hasSamePixels(as: expected) { return nil }

        let artifacts = GoldenArtifacts(reference: artifact(file, "reference").path, failure: artifact(file, "failure").path,
                                        difference: artifact(file, "difference").path)
        try? write(PNGEncoder().encode(expected), to: URL(fileURLWithPath: artifacts.reference))
        try? write(encoded, to: URL(fileURLWithPath: artifacts.failure))
        guard actual.pixelWidth == expected.pixelWidth, actual.pixelHeight == expected.pixelHeight else {
            return .sizeMismatch(golden: goldenURL.path, expected: "\(expected.pixelWidth)×\(expected.pixelHeight)",
                                 actual: "\(actual.pixelWidth)×\(actual.pixelHeight)", artifacts: artifacts)
        }
        let (difference, count) = PixelDifference.image(expected, actual)
        try? write(PNGEncoder().encode(difference), to: URL(fileURLWithPath: artifacts.difference))
        return .mismatch(golden: goldenURL.path, differingPixels: count, artifacts: artifacts)
    }

    private func artifact(_ file: String, _ kind: String) -> URL {
        artifactsDirectory.appendingPathComponent(file.replacingOccurrences(of: ".png", with: ".\(kind).png"))
    }

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
