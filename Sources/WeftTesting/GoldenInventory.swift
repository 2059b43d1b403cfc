import Foundation

/// Finds goldens whose test is gone, so they can be deleted: a golden named from its test lives at
/// `__Goldens__/<TestFile>/<testFunction>[-variant]@<scale>x.png` beside `<TestFile>.swift`; it is
/// orphaned when that file no longer exists or no longer declares a function of that name.
/// Goldens with explicit names (under `golden/`) are not judged: nothing ties them to one test.
public enum GoldenInventory {
    /// Every orphaned golden under `root` (a package folder), as absolute paths, sorted.
    public static func orphans(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [String] = []
        var sources: [String: String?] = [:]
        for case let url as URL in walker {
            let components = url.pathComponents
            guard url.pathExtension == "png" || url.pathExtension == "txt", components.count >= 3,
                  components[components.count - 3] == "__Goldens__" else { continue }
            if components.contains(".build") || components.contains(".artifacts") { continue }
            let testFile = components[components.count - 2]
            let swiftFile = url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(testFile + ".swift").path
            if sources[swiftFile] == nil { sources[swiftFile] = try? String(contentsOfFile: swiftFile, encoding: .utf8) }
            let function = testFunction(fromGoldenFile: url.lastPathComponent)
            guard let source = sources[swiftFile] ?? nil, source.contains("func \(function)(") else {
                result.append(url.path)
                continue
            }
        }
        return result.sorted()
    }

    /// `feedScrolls-offset-0480@2x.png` → `feedScrolls`; `layoutOfCard.layout.txt` → `layoutOfCard`.
    static func testFunction(fromGoldenFile name: String) -> String {
        var base = name
        if let at = base.range(of: "@", options: .backwards) { base = String(base[..<at.lowerBound]) }
        if base.hasSuffix(".layout.txt") { base = String(base.dropLast(".layout.txt".count)) }
        if let dash = base.firstIndex(of: "-") { base = String(base[..<dash]) }
        return base
    }
}
