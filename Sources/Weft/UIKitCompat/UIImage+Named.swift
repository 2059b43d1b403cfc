import Foundation
import Synchronization

/// Finding images by name, as UIKit's `UIImage(named:)` does in an app bundle.
///
/// Where: each folder of `UIImage.searchFolders`, in order, then `Bundle.main`'s resource folder
/// and its bundle folder (on Linux, the executable's folder unless the app has a bundle). Asset
/// catalogs are not read: export their images as files into one of those folders.
///
/// What: a name relative to those folders (`star`, `icons/star`). An empty name, an absolute
/// path, a `..` component or a NUL byte gives nil and a diagnostic, so a name cannot climb out
/// of the folders searched.
///
/// Which file: the name may carry its extension (`star.png`); without one, `.png`, `.jpg` and
/// `.jpeg` are tried. As in UIKit the screen's scale variant is preferred: at `UIScreen.main.scale`
/// 2, `star@2x.png`, then `star@3x.png`, then `star.png` (the exact scale, then larger ones, then
/// smaller); the image's `scale` is the one its suffix names (1 without). A name that already ends
/// in `@2x` or `@3x` is looked up as it is.
///
/// Decoded images are kept in `LocalImageCache.shared` (bounded; an entry is dropped when its file
/// changes), as UIKit caches named images; a file that cannot be decoded is reported (area
/// `.image`) and gives nil.
/// Sendable; use from any context.
extension UIImage {
    private static let folders = Mutex<[URL]>([])

    /// Folders `UIImage(named:)` searches before the main bundle, in order; empty by default.
    /// Set it once, at start-up (a process-wide setting, read by every thread).
    public static var searchFolders: [URL] {
        get { folders.withLock { $0 } }
        set { folders.withLock { $0 = newValue } }
    }

    /// UIKit's `init(named:)`: the image called `name` in `searchFolders` or the main bundle;
    /// nil when there is none.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// UIKit's `init(named:in:compatibleWith:)` without the traits: looks in `bundle`'s resource
    /// folder (the main bundle's when nil) after `searchFolders`.
    public convenience init?(named name: String, in bundle: Bundle?) {
        guard UIImage.isSearchableName(name), let path = UIImage.pathForImage(named: name, bundle: bundle ?? .main),
              let image = UIImage.cachedImage(atPath: path)
        else { return nil }
        self.init(bitmap: image.bitmap)
    }

    /// Whether `name` stays inside the folders searched: a name is relative to each of them, so
    /// an empty name, an absolute path, a `..` component or a NUL byte is refused (nil, as UIKit
    /// gives for a name it cannot find) and reported. Subfolders (`icons/star`) are allowed. To
    /// read a file anywhere, use `UIImage(contentsOfFile:)`, which takes a path.
    static func isSearchableName(_ name: String) -> Bool {
        let problem: String? =
            if name.isEmpty { "an empty name" }
            else if name.utf8.contains(0) { "a name with a NUL byte" }
            else if name.hasPrefix("/") { "an absolute path; names are looked up in UIImage.searchFolders and the bundle (use UIImage(contentsOfFile:) for a path)" }
            else if name.split(separator: "/").contains("..") { "a name with a \"..\" component, which would leave the folders searched" }
            else { nil }
        guard let problem else { return true }
        WeftDiagnostics.report(.image, "UIImage(named:)", "\(String(reflecting: name)) is \(problem); nil returned")
        return false
    }

    /// Texture's `as_imageNamed(_:)`: `UIImage(named:)`, cached (as every named image is here).
    public static func as_imageNamed(_ name: String) -> UIImage? { UIImage(named: name) }

    /// The file `UIImage(named:)` would read for `name`; nil when none exists.
    static func pathForImage(named name: String, bundle: Bundle, screenScale: CGFloat = UIScreen.main.scale) -> String? {
        var directories = searchFolders.map(\.path)
        for path in [bundle.resourcePath, bundle.bundlePath].compactMap({ $0 }) where !directories.contains(path) {
            directories.append(path)
        }
        let known = ["png", "jpg", "jpeg"]
        let ext = (name as NSString).pathExtension.lowercased()
        let (stem, extensions) = known.contains(ext) ? ((name as NSString).deletingPathExtension, [(name as NSString).pathExtension]) : (name, known)
        let suffixes: [String]
        if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") || stem.hasSuffix("@1x") {
            suffixes = [""]
        } else {
            let preferred = Int(min(max(screenScale.rounded(), 1), 3))
            let order = [preferred] + Array(stride(from: preferred + 1, through: 3, by: 1)) + Array(stride(from: preferred - 1, through: 1, by: -1))
            suffixes = order.map { $0 == 1 ? "" : "@\($0)x" }
        }
        let files = FileManager.default
        for directory in directories {
            for suffix in suffixes {
                for ext in extensions {
                    let path = (directory as NSString).appendingPathComponent("\(stem)\(suffix).\(ext)")
                    var isDirectory: ObjCBool = false
                    if files.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return path }
                }
            }
        }
        return nil
    }

    private static func cachedImage(atPath path: String) -> UIImage? {
        if let hit = LocalImageCache.shared.image(forPath: path) { return hit }
        do {
            let image = try UIImage(contentsOf: URL(fileURLWithPath: path))
            LocalImageCache.shared.insert(image, forPath: path)
            return image
        } catch {
            WeftDiagnostics.report(.image, "UIImage(named:)", "\(error); nil returned")
            return nil
        }
    }
}
