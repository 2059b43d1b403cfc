import Foundation
import Synchronization

/// The HTML report of a test run's golden failures: `index.html` in the artifacts folder
/// (`.artifacts/golden/index.html`), rewritten after every failure so it is complete whenever the
/// run stops. Each failure shows the reference, the rendering and the difference side by side,
/// a slider between reference and rendering, a blink view, and the node attribution. Images are
/// embedded as data URIs: the page is self-contained and needs no network.
///
/// One report per artifacts folder per process; the first failure of a run replaces the report a
/// previous run left. The entries are owned by the mutex. Sendable; use from any context.
enum GoldenReport {
    struct Entry: Sendable {
        let golden: String
        let message: String
        let reference: String?
        let failure: String?
        let difference: String?
    }

    private static let entries = Mutex<[String: [Entry]]>([:])

    /// Removes the report a previous run left in `artifactsDirectory`, once per process, so a run
    /// without failures leaves no stale report behind.
    static func beginRun(artifactsDirectory: URL) {
        let first = entries.withLock { table -> Bool in
            guard table[artifactsDirectory.path] == nil else { return false }
            table[artifactsDirectory.path] = []
            return true
        }
        if first { try? FileManager.default.removeItem(at: artifactsDirectory.appendingPathComponent("index.html")) }
    }

    /// Adds a failure to the report in `artifactsDirectory` and rewrites it.
    static func add(_ entry: Entry, artifactsDirectory: URL) {
        let key = artifactsDirectory.path
        let all = entries.withLock { table -> [Entry] in
            table[key, default: []].append(entry)
            return table[key]!
        }
        let html = page(all)
        try? FileManager.default.createDirectory(at: artifactsDirectory, withIntermediateDirectories: true)
        try? Data(html.utf8).write(to: artifactsDirectory.appendingPathComponent("index.html"), options: .atomic)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func dataURI(_ path: String?) -> String? {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        return "data:image/png;base64," + data.base64EncodedString()
    }

    static func page(_ entries: [Entry]) -> String {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Weft golden failures (\(entries.count))</title>
            <style>
            body { font: 14px/1.4 sans-serif; margin: 24px; color: #222; }
            .failure { border-top: 1px solid #ccc; padding: 16px 0; }
            .failure h2 { font-size: 15px; margin: 0 0 8px; word-break: break-all; }
            pre { background: #f6f6f6; padding: 8px; white-space: pre-wrap; }
            .row { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #666; }
            img { image-rendering: pixelated; border: 1px solid #ddd; max-width: 420px; }
            .slider { position: relative; display: inline-block; }
            .slider .top { position: absolute; left: 0; top: 0; overflow: hidden; width: 50%; }
            .slider .top img { max-width: none; border-right: 2px solid #f0a; }
            .blink { position: relative; display: inline-block; }
            .blink img + img { position: absolute; left: 0; top: 0; animation: blink 1s steps(1) infinite; }
            @keyframes blink { 50% { opacity: 0; } }
            </style></head><body>
            <h1>Weft golden failures: \(entries.count)</h1>

            """
        for (index, entry) in entries.enumerated() {
            let reference = dataURI(entry.reference), failure = dataURI(entry.failure), difference = dataURI(entry.difference)
            html += "<section class=\"failure\" id=\"failure-\(index + 1)\">\n<h2>\(escape(entry.golden))</h2>\n<pre>\(escape(entry.message))</pre>\n"
            html += "<div class=\"row\">\n"
            for (title, uri) in [("reference", reference), ("failure", failure), ("difference", difference)] {
                if let uri { html += "<figure><img class=\"\(title)\" src=\"\(uri)\" alt=\"\(title)\"><figcaption>\(title)</figcaption></figure>\n" }
            }
            if let reference, let failure {
                html += """
                    <figure><div class="slider"><img src="\(reference)" alt="reference under the slider"><div class="top"><img src="\(failure)" alt="failure over the slider"></div></div>
                    <br><input type="range" min="0" max="100" value="50" aria-label="slider" oninput="this.parentNode.querySelector('.top').style.width = this.value + '%'">
                    <figcaption>slider: failure on the left, reference on the right</figcaption></figure>
                    <figure><div class="blink"><img src="\(reference)" alt="reference"><img src="\(failure)" alt="failure"></div><figcaption>blink</figcaption></figure>

                    """
            }
            html += "</div>\n</section>\n"
        }
        html += """
            <script>
            // Small goldens are enlarged by a whole factor (pixelated), so single pixels can be seen.
            for (const img of document.querySelectorAll('img')) {
              const enlarge = () => { const w = img.naturalWidth; if (w > 0 && w < 200) img.style.width = (w * Math.ceil(200 / w)) + 'px'; };
              img.complete ? enlarge() : img.addEventListener('load', enlarge);
            }
            // The slider's top layer must be as wide as the image under it, not the clipped box.
            for (const slider of document.querySelectorAll('.slider')) {
              const base = slider.querySelector('img');
              const sync = () => { slider.querySelector('.top img').style.width = base.getBoundingClientRect().width + 'px'; };
              base.complete ? sync() : base.addEventListener('load', sync);
            }
            </script>
            </body></html>

            """
        return html
    }
}
