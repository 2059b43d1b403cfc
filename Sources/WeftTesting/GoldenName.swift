import Foundation
import Weft

/// The one rule for names that become file names of goldens and their artifacts, so that no
/// name can reach outside the golden folder:
///
/// - A golden's path (an explicit `named:`, a matrix's name, the `file` given to `GoldenStore`)
///   is a relative path whose folders are separated by `/`. It is refused, with
///   `GoldenError.invalidName` naming it, when it is empty, starts with `/` (an absolute path),
///   has an empty, `.` or `..` component, holds a NUL or other control character, or has a
///   component longer than 255 bytes (the file systems' limit).
/// - A name that fills one component (a device's `name`, a variant, a content size category's
///   raw value) is sanitised: every character other than a letter, a digit, `-`, `_` and `.`
///   becomes `_` (`a/b` → `a_b`, `../../../etc` → `.._.._.._etc`), a name of dots only becomes
///   `_`, and the change is reported as a `WeftDiagnostic` showing the name given.
///
/// Sendable namespace; use from any context.
enum GoldenName {
    /// The longest file or folder name Linux and macOS file systems hold, in bytes.
    static let maximumComponentBytes = 255

    /// Why `path` (relative to a golden or artifacts folder) cannot be a golden's file; nil when it can.
    static func problem(inPath path: String) -> String? {
        if path.isEmpty { return "the name is empty" }
        if path.utf8.contains(0) { return "it holds a NUL byte" }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it holds a control character"
        }
        // "@2x.png" or ".layout.txt" alone: a golden named "" (or a folder name and "/").
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if last == ".layout.txt" || last.wholeMatch(of: /@[0-9.]+x\.png/) != nil { return "the golden's own name is empty" }
        if path.hasPrefix("/") { return "it is an absolute path; a golden's name is relative to its golden folder" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "": return "it has an empty folder name (\"//\", or \"/\" at its end)"
            case ".", "..": return "it has a \"\(component)\" component, which would leave or blur its folder"
            default:
                if component.utf8.count > maximumComponentBytes {
                    return "its part \"\(component.prefix(40))…\" is \(component.utf8.count) bytes, more than the \(maximumComponentBytes) a file name can hold"
                }
            }
        }
        return nil
    }

    /// `path` under `folder`, or nil when `path` breaks the rule or would resolve outside `folder`.
    static func url(_ path: String, in folder: URL) -> URL? {
        guard problem(inPath: path) == nil else { return nil }
        let base = folder.standardizedFileURL.path
        let url = folder.appendingPathComponent(path).standardizedFileURL
        return url.path.hasPrefix(base.hasSuffix("/") ? base : base + "/") ? url : nil
    }

    /// `text` as one file-name component (see the rule above), the change reported as `what`'s.
    static func component(_ text: String, what: String) -> String {
        let safe = sanitized(text)
        if safe != text {
            WeftDiagnostics.report(WeftDiagnostic(area: .testing, subject: "golden file name",
                                                  message: "\(what) \(String(reflecting: text)) cannot be part of a file name as it is; \"\(safe)\" was used"))
        }
        return safe
    }

    /// `testFeed()` → `testFeed`; `feed(at:)` → `feed_at`: characters other than letters,
    /// digits, `-`, `_` and `.` become `_` and trailing ones are dropped; a name of dots only
    /// becomes `_` (never `.` or `..`), and an empty one `golden`.
    static func sanitized(_ text: String) -> String {
        var name = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        name = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        while name.hasSuffix("_") { name.removeLast() }
        if name.isEmpty { return "golden" }
        return name.allSatisfy { $0 == "." } ? "_" : name
    }
}
