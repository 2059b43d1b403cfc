import Foundation

/// A table's range tuning: its collection's (see ASCollectionNode+Ranges.swift); Texture's
/// `ASTableNode` tuning methods.
extension ASTableNode {
    /// Texture's `tuningParameters(for:)`.
    public func tuningParameters(for rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        collection.tuningParameters(for: rangeType)
    }

    /// Texture's `setTuningParameters(_:for:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeType: ASLayoutRangeType) {
        collection.setTuningParameters(tuningParameters, for: rangeType)
    }

    /// Texture's `tuningParameters(for:rangeType:)`.
    public func tuningParameters(for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        collection.tuningParameters(for: rangeMode, rangeType: rangeType)
    }

    /// Texture's `setTuningParameters(_:for:rangeType:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) {
        collection.setTuningParameters(tuningParameters, for: rangeMode, rangeType: rangeType)
    }

    /// Texture's `updateCurrentRange(with:)`: the collection's.
    public func updateCurrentRange(with rangeMode: ASLayoutRangeMode) {
        collection.updateCurrentRange(with: rangeMode)
    }
}
