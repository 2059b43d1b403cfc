import Foundation
import Synchronization
import Weft

/// The answers a hostile case accepts. Error and diagnostic texts are matched by the value the
/// caller gave (it must be shown), not by the error's case name, so a case keeps testing behaviour.
enum Expect {
    /// `body` must throw an error whose text contains every one of `fragments` (case-insensitive).
    static func error<T>(containing fragments: String..., body: () throws -> T) throws {
        do {
            _ = try body()
        } catch {
            try mentions("\(error)", fragments, what: "error")
            return
        }
        throw HostileFailure("expected an error mentioning \(fragments), but the call succeeded")
    }

    /// `body` must report a diagnostic whose text contains every one of `fragments`; it may throw
    /// an error that mentions them instead.
    @discardableResult
    static func diagnostic<T>(containing fragments: String..., body: () throws -> T) throws -> T? {
        let seen = Mutex<[String]>([])
        let observation = WeftDiagnostics.observe { diagnostic in seen.withLock { $0.append(diagnostic.description) } }
        defer { observation.cancel() }
        let result: T
        do {
            result = try body()
        } catch {
            try mentions("\(error)", fragments, what: "error")
            return nil
        }
        let reports = seen.withLock { $0 }
        guard reports.contains(where: { report in fragments.allSatisfy { report.lowercased().contains($0.lowercased()) } }) else {
            throw HostileFailure("expected a diagnostic or error mentioning \(fragments); diagnostics were: \(reports)")
        }
        return result
    }

    /// `body` must succeed.
    @discardableResult
    static func success<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw HostileFailure("\(what) failed: \(error)") }
    }

    static func that(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw HostileFailure(message()) }
    }

    /// `data` must be a PNG that a stock decoder (cairo, through `UIImage`) reads, with pixels.
    static func decodablePNG(_ data: Data, _ what: String) throws {
        do {
            let image = try UIImage(decoding: data)
            try that(image.bitmap.pixelWidth > 0 && image.bitmap.pixelHeight > 0, "\(what) decoded to an empty image")
        } catch {
            throw HostileFailure("\(what) is not a readable PNG: \(error)")
        }
    }

    private static func mentions(_ text: String, _ fragments: [String], what: String) throws {
        let lower = text.lowercased()
        for fragment in fragments where !lower.contains(fragment.lowercased()) {
            throw HostileFailure("the \(what) \"\(text)\" does not mention \"\(fragment)\"")
        }
    }
}

/// How much slower this process runs than a normal build: 5 under AddressSanitizer (`make
/// sanitize`), 1 otherwise. Wall-clock bounds in the cases are multiplied by it, so they still
/// catch quadratic work there instead of failing on the sanitizer's own cost.
enum Slowdown {
    static let factor: Double = dlsym(nil, "__asan_init") != nil ? 5 : 1
}
