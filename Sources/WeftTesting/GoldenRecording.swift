import Foundation

/// When goldens are written, in the shape swift-snapshot-testing users know.
///
/// - `never`: nothing is written; a missing golden fails its test.
/// - `missing`: goldens that do not exist yet are written.
/// - `failed`: missing goldens and goldens that do not match are written (re-recording a golden
///   that changed on purpose needs no hand deletion).
/// - `all`: every golden is written.
/// A test that writes a golden still fails, so a recording is never mistaken for a pass.
///
/// Set per call (`record:`), per suite or test (`GoldenConfiguration.with(record:)`), or for a run by
/// `WEFT_RECORD=never|missing|failed|all` (`WEFT_RECORD_GOLDENS=missing` is the older spelling).
/// The environment is refused whenever `CI` is set unless `WEFT_RECORD_IN_CI=1` asks explicitly,
/// so a CI run cannot bless its own output by accident. Sendable value; use from any context.
public enum GoldenRecording: String, Equatable, Sendable, CaseIterable {
    case never, missing, failed, all

    /// The environment variable that sets the mode for a run.
    public static let variable = "WEFT_RECORD"
    /// The older variable, still read: only `missing` is accepted there.
    public static let legacyVariable = "WEFT_RECORD_GOLDENS"
    /// Set to 1 to let `WEFT_RECORD` record while `CI` is set.
    public static let allowUnderCIVariable = "WEFT_RECORD_IN_CI"

    /// The mode the environment asks for, or an error naming what is wrong.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<GoldenRecording, GoldenError> {
        let mode: GoldenRecording
        if let value = environment[variable], !value.isEmpty {
            guard let parsed = GoldenRecording(rawValue: value) else { return .failure(.invalidRecordingMode(value: value)) }
            mode = parsed
        } else if let value = environment[legacyVariable], !value.isEmpty {
            guard value == "missing" else { return .failure(.invalidRecordingMode(value: value)) }
            mode = .missing
        } else {
            return .success(.never)
        }
        if mode != .never, let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0",
           environment[allowUnderCIVariable] != "1" {
            return .failure(.recordingUnderCI(value: mode.rawValue))
        }
        return .success(mode)
    }
}
