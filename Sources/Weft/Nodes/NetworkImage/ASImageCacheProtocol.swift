import Dispatch
import Foundation

/// Whether a cache answered from memory at once or later; Texture's `ASImageCacheType`.
/// Sendable value; use from any context.
public enum ASImageCacheType: Int, Sendable {
    case asynchronous = 0
    case synchronous
}

/// Called once by a cache with the image it holds for a URL, or nil on a miss; Texture's
/// `ASImageCacherCompletion`.
public typealias ASImageCacherCompletion = @Sendable (_ imageFromCache: (any ASImageContainerProtocol)?, _ cacheType: ASImageCacheType) -> Void

/// A cache an `ASNetworkImageNode` asks before it downloads; Texture's `ASImageCacheProtocol`,
/// with the Swift spellings Texture's Objective-C protocol imports as.
///
/// The node asks `synchronouslyFetchedCachedImage(with:)` first (Texture does so for synchronous
/// display; offscreen every display is one), then `cachedImage(with:callbackQueue:completion:)`;
/// on a miss it downloads. Only URLs that are not `file:` or `data:` are looked up: those the node
/// reads itself. The optional methods have default implementations (a miss, nothing to clear).
///
/// Thread safety: called from any thread, so conformers are Sendable and guard their own state.
public protocol ASImageCacheProtocol: AnyObject, Sendable {
    /// Looks `URL` up and calls `completion` on `callbackQueue` (or at once) with the image or nil.
    /// Must not block the caller.
    func cachedImage(with URL: URL, callbackQueue: DispatchQueue, completion: @escaping ASImageCacherCompletion)
    /// The image for `URL` if a fast memory cache holds it; nil by default.
    func synchronouslyFetchedCachedImage(with URL: URL) -> (any ASImageContainerProtocol)?
    /// Called when a node leaves the preload range and drops its image; does nothing by default.
    func clearFetchedImageFromCache(with URL: URL)
}

extension ASImageCacheProtocol {
    public func synchronouslyFetchedCachedImage(with URL: URL) -> (any ASImageContainerProtocol)? { nil }
    public func clearFetchedImageFromCache(with URL: URL) {}
}
