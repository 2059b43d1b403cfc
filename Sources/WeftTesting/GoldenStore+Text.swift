import Foundation

extension GoldenStore {
    /// Compares `text` with the golden text file `file` (relative to `goldenDirectory`); nil on a
    /// match. Recording follows the same modes as images; a mismatch writes `.failure.txt` beside
    /// the artifacts and names the first differing lines.
    public func verifyText(_ text: String, file: String,
                           recording: Result<GoldenRecording, GoldenError> = GoldenRecording.fromEnvironment()) -> GoldenError? {
        if let refused = refusal(of: file) { return refused }
        GoldenReport.beginRun(artifactsDirectory: artifactsDirectory)
        let goldenURL = goldenDirectory.appendingPathComponent(file)
        let mode: GoldenRecording
        switch recording {
        case .failure(let error): return error
        case .success(let value): mode = value
        }
        let failureURL = artifactsDirectory.appendingPathComponent(file.replacingOccurrences(of: ".txt", with: ".failure.txt"))
        func record() -> GoldenError {
            do {
                try FileManager.default.createDirectory(at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: goldenURL, options: .atomic)
            } catch {
                return .unreadable(golden: goldenURL.path, reason: "could not record: \(error)")
            }
            try? FileManager.default.removeItem(at: failureURL)
            return .recorded(golden: goldenURL.path)
        }
        guard let expected = try? String(contentsOf: goldenURL, encoding: .utf8) else {
            if FileManager.default.fileExists(atPath: goldenURL.path) { return .unreadable(golden: goldenURL.path, reason: "not UTF-8 text") }
            if mode != .never { return record() }
            try? FileManager.default.createDirectory(at: failureURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: failureURL, options: .atomic)
            return .missing(golden: goldenURL.path, actual: failureURL.path)
        }
        if mode == .all { return record() }
        if expected == text {
            try? FileManager.default.removeItem(at: failureURL)
            return nil
        }
        if mode == .failed { return record() }
        try? FileManager.default.createDirectory(at: failureURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: failureURL, options: .atomic)
        let error = GoldenError.textMismatch(golden: goldenURL.path, difference: TextDifference.firstLines(expected, text), actual: failureURL.path)
        report(error, file: file)
        return error
    }
}

/// The first lines where two texts part, as `-expected` / `+actual` pairs with line numbers.
enum TextDifference {
    static func firstLines(_ expected: String, _ actual: String, limit: Int = 6) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(a.count, b.count) where out.count < limit * 2 {
            let left = i < a.count ? String(a[i]) : nil, right = i < b.count ? String(b[i]) : nil
            guard left != right else { continue }
            out.append("  line \(i + 1) -\(left ?? "(none)")")
            out.append("  line \(i + 1) +\(right ?? "(none)")")
        }
        return out.joined(separator: "\n")
    }
}
