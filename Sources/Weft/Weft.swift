// `import Weft` gives what `import AsyncDisplayKit` gives a Texture file: Foundation's geometry and
// text types (CGRect, CGSize, NSAttributedString, IndexPath, Data, URL...) without another import,
// so ported code and tests compile with one import.
@_exported import Foundation
