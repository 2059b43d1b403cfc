import Foundation
import Testing

/// The recording mode and tolerance goldens use when a call does not say, for a scope: a suite,
/// a test, or any block of code. Call arguments win over the scope, the scope over `WEFT_RECORD`.
///
/// Swift Testing: `@Suite(.goldens(record: .failed))` or `@Test(.goldens(perceptualPrecision: 0.98))`.
/// XCTest or anywhere: `GoldenConfiguration.with(record: .failed) { ... }`.
/// A task-local value: it follows the test's task and child tasks. Sendable; use from any context.
public struct GoldenConfiguration: Sendable {
    public var record: GoldenRecording?
    public var tolerance: GoldenTolerance?

    public init(record: GoldenRecording? = nil, tolerance: GoldenTolerance? = nil) {
        self.record = record
        self.tolerance = tolerance
    }

    @TaskLocal public static var current = GoldenConfiguration()

    /// Runs `body` with goldens recorded as `record` and compared with `tolerance`.
    public static func with<R>(record: GoldenRecording? = nil, tolerance: GoldenTolerance? = nil,
                               _ body: () throws -> R) rethrows -> R {
        var configuration = current
        if let record { configuration.record = record }
        if let tolerance { configuration.tolerance = tolerance }
        return try $current.withValue(configuration, operation: body)
    }

    /// The mode for one comparison: the call's, else the scope's, else the environment's.
    static func recording(_ call: GoldenRecording?) -> Result<GoldenRecording, GoldenError> {
        if let mode = call ?? current.record { return .success(mode) }
        return GoldenRecording.fromEnvironment()
    }
}

/// A Swift Testing trait that sets `GoldenConfiguration` for a suite or a test.
public struct GoldenTrait: SuiteTrait, TestTrait, TestScoping {
    let configuration: GoldenConfiguration

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await GoldenConfiguration.$current.withValue(configuration, operation: function)
    }
}

extension Trait where Self == GoldenTrait {
    /// Goldens in this suite or test are recorded as `record` and compared with the given tolerance.
    public static func goldens(record: GoldenRecording? = nil, precision: Double = 1, perceptualPrecision: Double = 1) -> GoldenTrait {
        let tolerance = GoldenTolerance(precision: precision, perceptualPrecision: perceptualPrecision)
        return GoldenTrait(configuration: GoldenConfiguration(record: record, tolerance: tolerance == .exact ? nil : tolerance))
    }
}
