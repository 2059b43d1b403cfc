import Foundation

/// Why a golden comparison did not pass. Each message names the golden and the files to look at.
public enum GoldenError: Error, Equatable, CustomStringConvertible {
    /// The rendered pixels differ from the golden.
    case mismatch(golden: String, differingPixels: Int, artifacts: GoldenArtifacts)
    /// The rendered size differs from the golden's.
    case sizeMismatch(golden: String, expected: String, actual: String, artifacts: GoldenArtifacts)
    /// No golden exists and recording was not asked for.
    case missing(golden: String, actual: String)
    /// No golden existed; it was written now, and the test fails so that this is noticed.
    case recorded(golden: String)
    /// The golden file exists but is not a readable PNG.
    case unreadable(golden: String, reason: String)
    /// Rendering the subject failed.
    case renderFailed(golden: String, reason: String)
    /// `WEFT_RECORD_GOLDENS` has a value other than empty or `missing`.
    case invalidRecordingMode(value: String)
    /// Recording was asked for while `CI` is set.
    case recordingUnderCI(value: String)

    public var description: String {
        switch self {
        case let .mismatch(golden, count, artifacts):
            return "\(count) pixels differ from golden \(golden)\n\(artifacts)"
        case let .sizeMismatch(golden, expected, actual, artifacts):
            return "size \(actual) differs from golden \(golden) (\(expected))\n\(artifacts)"
        case let .missing(golden, actual):
            return "no golden at \(golden); the rendering is at \(actual). Run with \(GoldenRecording.variable)=missing to record it"
        case let .recorded(golden):
            return "recorded new golden \(golden); check it, commit it and run again"
        case let .unreadable(golden, reason):
            return "golden \(golden) is unreadable: \(reason)"
        case let .renderFailed(golden, reason):
            return "could not render the subject of \(golden): \(reason)"
        case let .invalidRecordingMode(value):
            return "\(GoldenRecording.variable)=\"\(value)\" is not a recording mode: leave it unset, or set it to \"missing\""
        case .recordingUnderCI:
            return "\(GoldenRecording.variable) is set but so is CI: goldens are never recorded under CI"
        }
    }
}

/// The files written when a comparison fails: the golden, the rendering and a difference image.
public struct GoldenArtifacts: Equatable, Sendable, CustomStringConvertible {
    public let reference: String
    public let failure: String
    public let difference: String

    public var description: String {
        "  reference:  \(reference)\n  failure:    \(failure)\n  difference: \(difference)"
    }
}
