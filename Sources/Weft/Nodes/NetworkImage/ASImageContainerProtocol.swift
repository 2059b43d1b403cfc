import Foundation

/// What a cache or a downloader hands back: an image, or bytes to decode; Texture's
/// `ASImageContainerProtocol`. `UIImage` and `Data` (PNG or JPEG bytes) conform.
///
/// Animated images are not drawn by Weft: `asdk_animatedImageData()` is read by nobody and
/// defaults to nil; it exists so that Texture conformers compile unchanged.
/// Containers cross threads (a downloader completes on its callback queue), so they are Sendable.
public protocol ASImageContainerProtocol: Sendable {
    /// The image, or nil when there is none (a cache miss).
    func asdk_image() -> UIImage?
    /// The bytes of an animated image; nil by default.
    func asdk_animatedImageData() -> Data?
}

extension ASImageContainerProtocol {
    public func asdk_animatedImageData() -> Data? { nil }
}

extension UIImage: ASImageContainerProtocol {
    public func asdk_image() -> UIImage? { self }
}

extension Data: ASImageContainerProtocol {
    /// The bytes decoded as PNG or JPEG at scale 1; nil when they are neither.
    public func asdk_image() -> UIImage? { UIImage(data: self) }
}
