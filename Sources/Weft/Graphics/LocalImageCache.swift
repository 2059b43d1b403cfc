import Foundation
import Synchronization

/// Decoded images of local files, shared by `UIImage(named:)` and `ASNetworkImageNode` (with
/// `shouldCacheImage`, where Texture uses UIKit's image cache): a list of a thousand cells showing
/// the same avatar file decodes it once. An entry is used only while the file keeps the size and modification time it had when
/// it was decoded. Bounded: at most `WeftLimits.localImageCacheBytes` of pixels and
/// `WeftLimits.localImageCacheEntries` images, the least recently used dropped first.
/// Sendable; the entries are owned by the mutex.
final class LocalImageCache: Sendable {
    static let shared = LocalImageCache(byteLimit: WeftLimits.localImageCacheBytes, entryLimit: WeftLimits.localImageCacheEntries)

    private struct Entry {
        let image: UIImage
        let stamp: FileStamp
        let bytes: Int
        var lastUse: Int
    }

    /// What identifies a file's version without reading it.
    private struct FileStamp: Equatable {
        let size: Int64
        let modified: Int
        let modifiedNanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            modified = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    private struct Contents {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock = 0
    }

    private let contents = Mutex(Contents())
    let byteLimit: Int
    let entryLimit: Int

    init(byteLimit: Int, entryLimit: Int) {
        self.byteLimit = byteLimit
        self.entryLimit = entryLimit
    }

    /// The cached image of the file at `path`, if the file has not changed since.
    func image(forPath path: String) -> UIImage? {
        let stamp = FileStamp(path: path)
        return contents.withLock { c -> UIImage? in
            guard var entry = c.entries[path] else { return nil }
            guard entry.stamp == stamp else {
                c.entries[path] = nil
                c.bytes -= entry.bytes
                return nil
            }
            c.clock += 1
            entry.lastUse = c.clock
            c.entries[path] = entry
            return entry.image
        }
    }

    /// Keeps `image` for `path`, dropping the least recently used entries past the limits. An
    /// image larger than the whole budget is not kept.
    func insert(_ image: UIImage, forPath path: String) {
        guard let stamp = FileStamp(path: path) else { return }
        let bytes = image.bitmap.pixelWidth * image.bitmap.pixelHeight * 4
        guard bytes <= byteLimit else { return }
        contents.withLock { c in
            if let old = c.entries.removeValue(forKey: path) { c.bytes -= old.bytes }
            while !c.entries.isEmpty, c.bytes + bytes > byteLimit || c.entries.count >= entryLimit {
                let oldest = c.entries.min { $0.value.lastUse < $1.value.lastUse }!
                c.entries[oldest.key] = nil
                c.bytes -= oldest.value.bytes
            }
            c.clock += 1
            c.entries[path] = Entry(image: image, stamp: stamp, bytes: bytes, lastUse: c.clock)
            c.bytes += bytes
        }
    }

    /// How many images and pixel bytes are held.
    var usage: (entries: Int, bytes: Int) { contents.withLock { ($0.entries.count, $0.bytes) } }
}
