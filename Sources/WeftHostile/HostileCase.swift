import Foundation
import Weft

/// One thing a careless or hostile user could do, and what Weft must do instead of crashing,
/// hanging or lying. A case runs alone in a child process (see `main.swift`), so a crash or a hang
/// is counted against it and never takes the rest of the suite down.
struct HostileCase: Sendable {
    /// The group it belongs to, as listed in docs/reliability.md.
    enum Category: String, Sendable, CaseIterable {
        case images, geometry, text, trees, concurrency, dataSources = "data-sources", frames, output, cli
        case drawing, accessibility, testing, traits, settings, controls
    }

    let category: Category
    let name: String
    /// Throws `HostileFailure` when Weft's answer is wrong; returning means Weft behaved.
    let run: @MainActor @Sendable () throws -> Void

    var id: String { "\(category.rawValue)/\(name)" }
}

/// Weft did not answer a hostile input the way it must; the message says what it did instead.
struct HostileFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
