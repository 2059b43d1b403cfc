import Foundation

extension ASCollectionNode {
    /// The tuning parameters of a range type in full mode; Texture's `tuningParameters(for:)`.
    public func tuningParameters(for rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        tuningParameters(for: .full, rangeType: rangeType)
    }

    /// Sets the tuning parameters of a range type in full mode; Texture's `setTuningParameters(_:for:)`.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeType: ASLayoutRangeType) {
        setTuningParameters(tuningParameters, for: .full, rangeType: rangeType)
    }

    /// The tuning parameters of a range type in a range mode; Texture's `tuningParameters(for:rangeType:)`.
    public func tuningParameters(for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) -> ASRangeTuningParameters {
        rangeController.tuningParameters(for: rangeMode, rangeType: rangeType)
    }

    /// Sets the tuning parameters of a range type in a range mode; Texture's
    /// `setTuningParameters(_:for:rangeType:)`. Takes effect at the next frame. A buffer that is
    /// negative or NaN is set to 0, and an infinite one to `WeftLimits.maximumRangeScreenfuls`
    /// (reported either way), so a range is always a finite rect.
    public func setTuningParameters(_ tuningParameters: ASRangeTuningParameters, for rangeMode: ASLayoutRangeMode, rangeType: ASLayoutRangeType) {
        func repaired(_ value: CGFloat) -> CGFloat {
            value.isNaN || value < 0 ? 0 : min(value, WeftLimits.maximumRangeScreenfuls)
        }
        let used = ASRangeTuningParameters(leadingBufferScreenfuls: repaired(tuningParameters.leadingBufferScreenfuls),
                                           trailingBufferScreenfuls: repaired(tuningParameters.trailingBufferScreenfuls))
        if used != tuningParameters {
            WeftDiagnostics.report(.collection, "\(self).setTuningParameters(_:for: .\(rangeMode), rangeType: .\(rangeType))",
                                   "leading \(tuningParameters.leadingBufferScreenfuls), trailing \(tuningParameters.trailingBufferScreenfuls) screenfuls is not a usable buffer; used leading \(used.leadingBufferScreenfuls), trailing \(used.trailingBufferScreenfuls)")
        }
        rangeController.setTuningParameters(used, for: rangeMode, rangeType: rangeType)
    }

    /// Uses `rangeMode` for at least the next range update, after which the collection manages the
    /// mode again (full once scrolled); Texture's `updateCurrentRange(with:)`. `.lowMemory` drops
    /// the backing stores of every cell off screen.
    public func updateCurrentRange(with rangeMode: ASLayoutRangeMode) {
        rangeController.updateCurrentRange(with: rangeMode)
    }
}
