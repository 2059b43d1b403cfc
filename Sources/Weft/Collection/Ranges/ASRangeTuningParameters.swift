import Foundation

/// How far a range reaches beyond the viewport, in viewports along the scrolling axis: leading is
/// ahead in the direction of the scroll, trailing behind it. Texture's `ASRangeTuningParameters`.
/// Sendable value; use from any context.
public struct ASRangeTuningParameters: Hashable, Sendable {
    public var leadingBufferScreenfuls: CGFloat
    public var trailingBufferScreenfuls: CGFloat

    public init(leadingBufferScreenfuls: CGFloat, trailingBufferScreenfuls: CGFloat) {
        self.leadingBufferScreenfuls = leadingBufferScreenfuls
        self.trailingBufferScreenfuls = trailingBufferScreenfuls
    }

    /// No buffer: the range is the viewport. Texture's `ASRangeTuningParametersZero`.
    public static let zero = ASRangeTuningParameters(leadingBufferScreenfuls: 0, trailingBufferScreenfuls: 0)
}

/// The ranges a range controller keeps around the viewport; Texture's `ASLayoutRangeType`.
public enum ASLayoutRangeType: Int, Hashable, Sendable, CaseIterable {
    /// Cells here draw their backing stores (interface state `.display`).
    case display
    /// Cells here load their data (interface state `.preload`).
    case preload
}

/// Which set of tuning parameters a range controller uses; Texture's `ASLayoutRangeMode`.
public enum ASLayoutRangeMode: Int, Hashable, Sendable, CaseIterable {
    /// Small ranges, for a collection that has not been scrolled yet: it starts here.
    case minimum
    /// The ranges of a collection being scrolled; entered at the first scroll.
    case full
    /// Only the visible cells are displayed and preloaded.
    case visibleOnly
    /// As `visibleOnly`, and no cell outside the viewport keeps a backing store (the display
    /// range is empty).
    case lowMemory
}

/// The tuning parameters of every range mode and type, with Texture's defaults.
/// Sendable value; use from any context.
struct RangeTuningTable: Sendable, Equatable {
    private var values: [ASLayoutRangeMode: [ASLayoutRangeType: ASRangeTuningParameters]]

    subscript(mode: ASLayoutRangeMode, type: ASLayoutRangeType) -> ASRangeTuningParameters {
        get { values[mode]?[type] ?? .zero }
        set { values[mode, default: [:]][type] = newValue }
    }

    /// Texture's `ASAbstractLayoutController` defaults: full display 1/0.5, preload 2.5/1.5;
    /// minimum display 0.25/0.25, preload 0.5/0.25; visibleOnly and lowMemory 0/0.
    static let collectionDefaults = RangeTuningTable(values: [
        .full: [.display: .init(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5),
                .preload: .init(leadingBufferScreenfuls: 2.5, trailingBufferScreenfuls: 1.5)],
        .minimum: [.display: .init(leadingBufferScreenfuls: 0.25, trailingBufferScreenfuls: 0.25),
                   .preload: .init(leadingBufferScreenfuls: 0.5, trailingBufferScreenfuls: 0.25)],
        .visibleOnly: [.display: .zero, .preload: .zero],
        .lowMemory: [.display: .zero, .preload: .zero],
    ])
}

/// No buffer; Texture's `ASRangeTuningParametersZero`.
public let ASRangeTuningParametersZero = ASRangeTuningParameters.zero

/// Whether both buffers are equal; Texture's `ASRangeTuningParametersEqualToRangeTuningParameters(_:_:)`.
public func ASRangeTuningParametersEqualToRangeTuningParameters(_ lhs: ASRangeTuningParameters, _ rhs: ASRangeTuningParameters) -> Bool {
    lhs == rhs
}
