import Foundation

/// Why a golden comparison did not pass. Each message names the golden and the files to look at.
public enum GoldenError: Error, Equatable, CustomStringConvertible {
    /// The rendered pixels differ from the golden beyond the tolerance; `summary` gives the numbers.
    case mismatch(golden: String, differingPixels: Int, summary: String, artifacts: GoldenArtifacts)
    /// The rendered size differs from the golden's.
    case sizeMismatch(golden: String, expected: String, actual: String, artifacts: GoldenArtifacts)
    /// No golden exists and recording was not asked for.
    case missing(golden: String, actual: String)
    /// No golden existed; it was written now, and the test fails so that this is noticed.
    case recorded(golden: String)
    /// A text golden (a layout snapshot) differs; `difference` shows the first lines that part.
    case textMismatch(golden: String, difference: String, actual: String)
    /// The golden file exists but is not a readable PNG.
    case unreadable(golden: String, reason: String)
    /// Rendering the subject failed.
    case renderFailed(golden: String, reason: String)
    /// A golden's name cannot be a file under the golden folder (see `GoldenName`): empty, an
    /// absolute path, a `..` or `.` component, a NUL or control character, or a part longer than
    /// 255 bytes. Nothing is rendered or written.
    case invalidName(name: String, reason: String)
    /// A tolerance outside 0…1.
    case invalidTolerance(golden: String, reason: String)
    /// `WEFT_RECORD` is not one of never, missing, failed, all (or `WEFT_RECORD_GOLDENS` is not `missing`).
    case invalidRecordingMode(value: String)
    /// Recording was asked for by the environment while `CI` is set, without `WEFT_RECORD_IN_CI=1`.
    case recordingUnderCI(value: String)

    public var description: String {
        switch self {
        case let .mismatch(golden, _, summary, artifacts):
            // The summary's first line is the count; node attribution, if any, follows it.
            var lines = summary.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            lines[0] += " from golden \(golden)"
            return (lines + ["\(artifacts)"]).joined(separator: "\n")
        case let .sizeMismatch(golden, expected, actual, artifacts):
            return "size \(actual) differs from golden \(golden) (\(expected))\n\(artifacts)"
        case let .missing(golden, actual):
            return "no golden at \(golden); the rendering is at \(actual). Run with \(GoldenRecording.variable)=missing to record it"
        case let .recorded(golden):
            return "recorded new golden \(golden); check it, commit it and run again"
        case let .textMismatch(golden, difference, actual):
            return "layout differs from golden \(golden) (the new text is at \(actual)):\n\(difference)"
        case let .unreadable(golden, reason):
            return "golden \(golden) is unreadable: \(reason)"
        case let .renderFailed(golden, reason):
            return "could not render the subject of \(golden): \(reason)"
        case let .invalidName(name, reason):
            return "golden name \(String(reflecting: name)) was refused: \(reason)"
        case let .invalidTolerance(golden, reason):
            return "invalid tolerance for golden \(golden): \(reason)"
        case let .invalidRecordingMode(value):
            return "\"\(value)\" is not a recording mode: set \(GoldenRecording.variable) to never, missing, failed or all"
        case let .recordingUnderCI(value):
            return "\(GoldenRecording.variable)=\(value) is set but so is CI: goldens are not recorded under CI unless \(GoldenRecording.allowUnderCIVariable)=1"
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
