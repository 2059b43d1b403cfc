import Foundation
import Weft

/// Compares renderings with the PNGs under `golden/`, writing failure artifacts beside the
/// package in `.artifacts/golden/` (git-ignored).
///
/// Goldens are named by what they show, never by a counter:
/// `golden/<area>/<Subject>/<case>@<scale>x.png`, for example `nodes/ASTextNode/korean@2x.png`.
/// Pixels must be equal unless a `GoldenTolerance` says otherwise. Both sides go through the same PNG round trip, so un-premultiplying
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
        // Int() of an infinite or huge scale would trap; such scales are refused when rendering.
        let whole = scale.isFinite && scale == scale.rounded() && abs(scale) < 1e9
        let scaleText = whole ? String(Int(scale)) : String(describing: scale)
        return "\(name)@\(scaleText)x.png"
    }

    /// Renders `node` at `scale` and compares it with golden `name`.
    public func verify(_ node: ASDisplayNode, named name: String, scale: CGFloat,
                       recording: Result<GoldenRecording, GoldenError> = GoldenRecording.fromEnvironment(),
                       tolerance: GoldenTolerance = .exact) -> GoldenError? {
        let file = Self.fileName(name, scale: scale)
        if let refused = refusal(of: file) { return refused }
        do {
            let bitmap = try GoldenSubject.render(node, scale: scale)
            return verify(bitmap, file: file, recording: recording, tolerance: tolerance, attribution: NodeAttribution(subject: node))
        } catch {
            return .renderFailed(golden: goldenDirectory.appendingPathComponent(file).path, reason: "\(error)")
        }
    }

    /// Compares `bitmap` with the golden file `file` (relative to `goldenDirectory`); nil on a match.
    /// A `file` that could leave the folder (`..`, an absolute path; see `GoldenName`) is refused
    /// with `GoldenError.invalidName`. A match removes the failure artifacts an earlier run left for this golden.
    public func verify(_ bitmap: Bitmap, file: String,
                       recording: Result<GoldenRecording, GoldenError> = GoldenRecording.fromEnvironment(),
                       tolerance: GoldenTolerance = .exact) -> GoldenError? {
        verify(bitmap, file: file, recording: recording, tolerance: tolerance, attribution: nil)
    }

    func verify(_ bitmap: Bitmap, file: String, recording: Result<GoldenRecording, GoldenError>, tolerance: GoldenTolerance,
                attribution: NodeAttribution?) -> GoldenError? {
        if let refused = refusal(of: file) { return refused }
        GoldenReport.beginRun(artifactsDirectory: artifactsDirectory)
        let result = compare(bitmap, file: file, recording: recording, tolerance: tolerance, attribution: attribution)
        if let result { report(result, file: file) }
        return result
    }

    /// `GoldenError.invalidName`, also reported as a diagnostic (a test library may not be
    /// running to show the failure), when `file` cannot be a file under both folders; see `GoldenName`.
    func refusal(of file: String) -> GoldenError? {
        var reason = GoldenName.problem(inPath: file)
        if reason == nil, GoldenName.url(file, in: goldenDirectory) == nil || GoldenName.url(file, in: artifactsDirectory) == nil {
            reason = "it resolves outside the golden folder \(goldenDirectory.path)"
        }
        guard let reason else { return nil }
        let error = GoldenError.invalidName(name: file, reason: reason)
        WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "GoldenStore", message: error.description))
        return error
    }

    /// Adds a failure to the run's HTML report (see `GoldenReport`).
    func report(_ error: GoldenError, file: String) {
        var reference: String?, failure: String?, difference: String?
        switch error {
        case let .mismatch(_, _, _, artifacts), let .sizeMismatch(_, _, _, artifacts):
            (reference, failure, difference) = (artifacts.reference, artifacts.failure, artifacts.difference)
        case let .missing(_, actual):
            failure = actual
        case .recorded:
            return
        default:
            break
        }
        GoldenReport.add(GoldenReport.Entry(golden: file, message: error.description, reference: reference, failure: failure,
                                            difference: difference), artifactsDirectory: artifactsDirectory)
    }

    private func compare(_ bitmap: Bitmap, file: String, recording: Result<GoldenRecording, GoldenError>, tolerance: GoldenTolerance,
                         attribution: NodeAttribution?) -> GoldenError? {
        let goldenURL = goldenDirectory.appendingPathComponent(file)
        if let problem = tolerance.problem { return .invalidTolerance(golden: goldenURL.path, reason: problem) }
        let mode: GoldenRecording
        switch recording {
        case .failure(let error): return error
        case .success(let value): mode = value
        }
        // A PNG file cannot hold an empty image.
        guard bitmap.pixelWidth > 0, bitmap.pixelHeight > 0 else {
            return .renderFailed(golden: goldenURL.path, reason: "the rendering did not survive a PNG round trip")
        }
        var encodedOnce: Data?
        func encoded() -> Data {
            if let encodedOnce { return encodedOnce }
            let data = PNGEncoder().encode(bitmap)
            encodedOnce = data
            return data
        }
        func record() -> GoldenError {
            do {
                try write(encoded(), to: goldenURL)
            } catch {
                return .unreadable(golden: goldenURL.path, reason: "could not record: \(error)")
            }
            removeArtifacts(file)
            return .recorded(golden: goldenURL.path)
        }
        guard FileManager.default.fileExists(atPath: goldenURL.path) else {
            if mode != .never { return record() }
            let path = artifact(file, "failure")
            try? write(encoded(), to: path)
            return .missing(golden: goldenURL.path, actual: path.path)
        }
        if mode == .all { return record() }
        // A passing comparison encodes nothing and, where the golden was written by Weft's
        // encoder, decodes nothing: the rendering's rows are checked against the golden's data.
        let goldenData: Data
        do {
            goldenData = try ImageDecoder.readImageFile(goldenURL.path)
        } catch {
            return .unreadable(golden: goldenURL.path, reason: "\(error)")
        }
        if bitmap.isEncoded(in: goldenData) {
            removeArtifacts(file)
            return nil
        }
        let expected: Bitmap
        do {
            expected = try ImageDecoder.decode(goldenData, scale: ImageDecoder.scaleSuffix(of: goldenURL.path), source: goldenURL.path)
        } catch {
            return .unreadable(golden: goldenURL.path, reason: "\(error)")
        }
        // Otherwise the golden is decoded. A decoded golden is its own PNG round trip (cairo's
        // reader premultiplies to values that un-premultiply and premultiply back to themselves:
        // all 65,536 alpha and colour pairs), so a rendering equal to it would be equal after its
        // round trip too, which is worked out (in C, not by encoding) only when they differ.
        if bitmap.hasSamePixels(as: expected) {
            removeArtifacts(file)
            return nil
        }
        guard let actual = try? bitmap.pngRoundTripped() else {
            return .renderFailed(golden: goldenURL.path, reason: "the rendering did not survive a PNG round trip")
        }
        let sameSize = actual.pixelWidth == expected.pixelWidth && actual.pixelHeight == expected.pixelHeight
        if sameSize && actual.hasSamePixels(as: expected) {
            removeArtifacts(file)
            return nil
        }
        let comparison = sameSize ? PixelComparison.compare(expected, actual, tolerance: tolerance) : nil
        if let comparison, comparison.passes(tolerance) {
            removeArtifacts(file)
            return nil
        }
        if mode == .failed { return record() }

        let artifacts = GoldenArtifacts(reference: artifact(file, "reference").path, failure: artifact(file, "failure").path,
                                        difference: artifact(file, "difference").path)
        try? write(PNGEncoder().encode(expected), to: URL(fileURLWithPath: artifacts.reference))
        try? write(encoded(), to: URL(fileURLWithPath: artifacts.failure))
        guard let comparison else {
            try? FileManager.default.removeItem(atPath: artifacts.difference)
            return .sizeMismatch(golden: goldenURL.path, expected: "\(expected.pixelWidth)×\(expected.pixelHeight)",
                                 actual: "\(actual.pixelWidth)×\(actual.pixelHeight)", artifacts: artifacts)
        }
        try? write(PNGEncoder().encode(PixelDifference.image(expected, comparison: comparison)), to: URL(fileURLWithPath: artifacts.difference))
        let summary = GoldenComparison.summary(comparison, tolerance: tolerance, attribution: attribution, actual: actual)
        return .mismatch(golden: goldenURL.path, differingPixels: comparison.differing, summary: summary, artifacts: artifacts)
    }

    /// Removes the reference / failure / difference images of `file`, if an earlier run left them.
    func removeArtifacts(_ file: String) {
        for kind in ["reference", "failure", "difference"] { try? FileManager.default.removeItem(at: artifact(file, kind)) }
    }

    private func artifact(_ file: String, _ kind: String) -> URL {
        artifactsDirectory.appendingPathComponent(file.replacingOccurrences(of: ".png", with: ".\(kind).png"))
    }

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
