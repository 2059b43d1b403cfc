import Foundation

/// Why an `ASNetworkImageNode` could not show the image of its URL. Each message names the URL
/// (a long `data:` URL by its first characters and its length).
/// Sendable value; use from any context.
public enum ImageLoadingError: Error, Equatable, CustomStringConvertible {
    /// The URL is neither `file:` nor `data:`, and the downloader is `ASBasicImageDownloader`,
    /// which does not go to the network: Weft renders offline.
    case offline(url: URL)
    /// A `data:` URL without the comma before its payload, or whose base64 payload does not decode.
    case malformedDataURL(url: URL, reason: String)
    /// A `data:` URL whose payload is larger than `WeftLimits.maximumImageFileBytes`.
    case dataURLTooLarge(url: URL, bytes: Int)
    /// The file is missing or unreadable, or the bytes are not a PNG or JPEG Weft decodes.
    case undecodable(url: URL, reason: ImageDecodingError)
    /// The downloader finished with neither an image nor an error.
    case noImage(url: URL)
    /// The downloader was deallocated: the node holds it weakly, as Texture's does.
    case downloaderReleased(url: URL)
    /// The downloader implements none of the `downloadImage` methods of `ASImageDownloaderProtocol`.
    case downloaderIncomplete(url: URL, downloader: String)

    public var description: String {
        switch self {
        case .offline(let url):
            return "ASBasicImageDownloader does not fetch \(Self.name(url)): Weft renders offline. Use a file: or data: URL, or plug in a downloader (ASNetworkImageNode.defaultDownloader, or init(cache:downloader:))"
        case .malformedDataURL(let url, let reason): return "malformed data URL \(Self.name(url)): \(reason)"
        case .dataURLTooLarge(let url, let bytes):
            return "data URL \(Self.name(url)) holds \(bytes) bytes, more than the \(WeftLimits.maximumImageFileBytes)-byte limit"
        case .undecodable(let url, let reason): return "\(Self.name(url)): \(reason)"
        case .noImage(let url): return "the downloader returned neither an image nor an error for \(Self.name(url))"
        case .downloaderReleased(let url):
            return "the downloader for \(Self.name(url)) was deallocated (the node holds it weakly, as Texture does; keep a reference to it)"
        case .downloaderIncomplete(let url, let downloader):
            return "\(downloader) implements no downloadImage(with:...) method, so \(Self.name(url)) was not downloaded"
        }
    }

    /// The URL as messages show it: a `data:` URL longer than 80 characters is cut, its length given.
    static func name(_ url: URL) -> String {
        let text = url.absoluteString
        guard text.count > 80 else { return text }
        return "\(text.prefix(60))… (\(text.count) characters)"
    }
}
