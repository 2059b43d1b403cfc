// `import Weft` gives what `import AsyncDisplayKit` gives a Texture file: Foundation's geometry and
// text types (CGRect, CGSize, NSAttributedString, IndexPath, Data, URL...) without another import,
// so ported code and tests compile with one import.
@_exported import Foundation
// On Linux, URLSession, URLRequest, URLResponse and HTTPURLResponse live in FoundationNetworking;
// on Apple platforms they are Foundation's. Texture apps use them in files that import UIKit.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
