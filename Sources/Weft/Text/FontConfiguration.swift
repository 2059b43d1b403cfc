import CWeft
import Foundation

/// Weft's private fontconfig configuration, built once per process before any pango font map.
///
/// It holds only pinned fonts from Debian packages, so that text renders the same on every machine
/// with the same packages, whatever fonts or fontconfig settings the user has:
/// - DejaVu (fonts-dejavu-core) for `system-ui`, `sans-serif`, `serif`, `monospace` and any
///   family that is not installed;
/// - Nanum (fonts-nanum) as the fallback for Hangul and other CJK text;
/// - Noto Color Emoji (fonts-noto-color-emoji) for emoji, drawn in colour from its bitmaps;
/// - no subpixel order (`rgba=none`). Hinting and antialiasing are set per pango context instead
///   (see `RenderLane`), since setting them here makes cairo 1.16 turn off embedded bitmaps.
///
/// Immutable after `init`. Sendable; use from any context.
final class FontConfiguration: @unchecked Sendable {
    // SAFETY: the FcConfig is built in `init` and never modified afterwards; fontconfig's queries
    // on a built configuration are thread-safe.
    let config: OpaquePointer
    /// The pinned font folders that are missing on this machine; empty when all is well.
    let missingDirectories: [String]

    static let shared = FontConfiguration()

    static let fontDirectories = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/truetype/nanum",
    ]

    /// Single pinned files, added by path so that other fonts in their folders (Debian's other
    /// fonts-noto-* packages install beside it) never change the picture.
    static let fontFiles = ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]

    private init() {
        // Initialise fontconfig's default state first: pango's font maps start a thread that calls
        // FcInit, which must not race with our first fontconfig call.
        FcInit()
        missingDirectories = (Self.fontDirectories + Self.fontFiles).filter { !FileManager.default.fileExists(atPath: $0) }
        if !missingDirectories.isEmpty {
            let message = "weft: pinned font folders missing: \(missingDirectories.joined(separator: ", ")); install fonts-dejavu-core, fonts-nanum and fonts-noto-color-emoji (make test does)\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        config = FcConfigCreate()
        let xml = Self.configurationXML(cacheDirectory: NSTemporaryDirectory() + "weft-fontconfig-\(getuid())")
        let parsed = xml.withCString { FcConfigParseAndLoadFromMemory(config, $0, FcTrue) }
        var built = FcConfigBuildFonts(config)
        for file in Self.fontFiles where FileManager.default.fileExists(atPath: file) {
            if file.withCString({ FcConfigAppFontAddFile(config, $0) }) == FcFalse { built = FcFalse }
        }
        if parsed == FcFalse || built == FcFalse {
            FileHandle.standardError.write(Data("weft: the private fontconfig configuration did not load\n".utf8))
        }
    }

    static func configurationXML(cacheDirectory: String) -> String {
        func alias(_ family: String, _ preferred: [String]) -> String {
            let prefer = preferred.map { "<family>\($0)</family>" }.joined()
            return "<alias binding=\"same\"><family>\(family)</family><prefer>\(prefer)</prefer></alias>"
        }
        // Emoji come last: DejaVu has monochrome glyphs for some symbols (☀, ♥) that text expects.
        let sans = ["DejaVu Sans", "NanumGothic", "Noto Color Emoji"]
        return """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig>
          \(fontDirectories.map { "<dir>\($0)</dir>" }.joined(separator: "\n  "))
          <cachedir>\(cacheDirectory)</cachedir>
          <match target="pattern">
            <edit name="family" mode="append_last"><string>sans-serif</string></edit>
          </match>
          <match target="pattern">
            <edit name="rgba" mode="assign"><const>none</const></edit>
          </match>
          <!-- Noto Color Emoji is a bitmap font with one 109-pixel strike. Marked scalable and with
               its strike size forgotten, fonts match it at the requested size and cairo scales its
               bitmaps, instead of drawing every emoji 109 pixels tall. -->
          <match target="scan">
            <test name="family"><string>Noto Color Emoji</string></test>
            <edit name="scalable" mode="assign"><bool>true</bool></edit>
            <edit name="pixelsize" mode="delete"/>
          </match>
          \(alias("system-ui", sans))
          \(alias("-apple-system", sans))
          \(alias(".SF UI Text", sans))
          \(alias("Helvetica", sans))
          \(alias("Helvetica Neue", sans))
          \(alias("Arial", sans))
          \(alias("sans-serif", sans))
          \(alias("emoji", ["Noto Color Emoji"]))
          \(alias("Apple Color Emoji", ["Noto Color Emoji"]))
          \(alias("serif", ["DejaVu Serif", "NanumMyeongjo"]))
          \(alias("Times New Roman", ["DejaVu Serif", "NanumMyeongjo"]))
          \(alias("monospace", ["DejaVu Sans Mono", "NanumGothicCoding"]))
          \(alias("Menlo", ["DejaVu Sans Mono", "NanumGothicCoding"]))
          \(alias("Courier", ["DejaVu Sans Mono", "NanumGothicCoding"]))
        </fontconfig>
        """
    }
}
