import Foundation

/// Whether missing goldens may be written, read from `WEFT_RECORD_GOLDENS`.
///
/// - unset or empty: never record; a missing golden fails its test.
/// - `missing`: write goldens that do not exist yet (the test still fails, so a recording is never
///   mistaken for a pass).
/// Any other value is an error naming it, and recording is refused whenever `CI` is set, so a CI
/// run can never bless its own output.
/// Sendable value; use from any context.
public enum GoldenRecording: Equatable, Sendable {
    case never
    case missing

    /// The environment variable that asks for recording.
    public static let variable = "WEFT_RECORD_GOLDENS"

    /// The mode the environment asks for, or an error message naming what is wrong.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<GoldenRecording, GoldenError> {
        let value = environment[variable] ?? ""
        switch value {
        case "":
            return .success(.never)
        case "missing":
            if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" {
                return .failure(.recordingUnderCI(value: value))
            }
            return .success(.missing)
        default:
            return .failure(.invalidRecordingMode(value: value))
        }
    }
}
