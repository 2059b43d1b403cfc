import Foundation

/// What can be told which range mode to use next; Texture's `ASRangeControllerUpdateRangeProtocol`
/// (ASRangeControllerUpdateRangeProtocol+Beta.h). Collection and table nodes conform, as in
/// Texture, so code can lower a hidden screen's ranges without knowing which it holds.
public protocol ASRangeControllerUpdateRangeProtocol: AnyObject {
    /// Uses `rangeMode` for at least the next range update.
    func updateCurrentRange(with rangeMode: ASLayoutRangeMode)
}

extension ASCollectionNode: ASRangeControllerUpdateRangeProtocol {}
extension ASTableNode: ASRangeControllerUpdateRangeProtocol {}
