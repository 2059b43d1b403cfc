import Foundation

/// Reads the images of `file:` and `data:` URLs, which need no network: what `ASNetworkImageNode`
/// does itself for such URLs, and what `ASBasicImageDownloader` does for them.
/// Stateless (the cache guards its own); use from any thread.
enum LocalImageLoader {
    /// Whether `url` is a `file:` or `data:` URL.
    static func canLoad(_ url: URL) -> Bool { url.isFileURL || DataURL.isDataURL(url) }

    /// Decodes the image of a `file:` URL (a name ending `@2x`/`@3x` sets the scale, as in UIKit)
    /// or a `data:` URL (scale 1). With `cached`, a file's image comes from and goes to
    /// `LocalImageCache.shared`, checked against the file's size and modification time.
    static func load(_ url: URL, cached: Bool) throws(ImageLoadingError) -> UIImage {
        if DataURL.isDataURL(url) {
            let data = try DataURL(url)
            do {
                return try UIImage(decoding: data.bytes)
            } catch {
                throw .undecodable(url: url, reason: error)
            }
        }
        let path = url.path
        if cached, let image = LocalImageCache.shared.image(forPath: path) { return image }
        do {
            let image = try UIImage(contentsOf: url)
            if cached { LocalImageCache.shared.insert(image, forPath: path) }
            return image
        } catch {
            throw .undecodable(url: url, reason: error)
        }
    }
}
