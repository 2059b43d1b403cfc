import Foundation

/// Texture's experimental features (ASExperimentalFeatures.h), a bit mask with Texture's bits
/// and names. Weft applies the ones its own machinery has a counterpart for
/// (`ASExperimentalFeatures.appliedByWeft`); a configuration that turns on any other is accepted
/// and reported (a `WeftDiagnostic`, area `.configuration`) as not applicable, so no switch
/// seems to work while changing nothing. Sendable value; use from any context.
public struct ASExperimentalFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let textNode = ASExperimentalFeatures(rawValue: 1 << 0)
    public static let interfaceStateCoalescing = ASExperimentalFeatures(rawValue: 1 << 1)
    public static let layerDefaults = ASExperimentalFeatures(rawValue: 1 << 2)
    public static let collectionTeardown = ASExperimentalFeatures(rawValue: 1 << 3)
    public static let framesetterCache = ASExperimentalFeatures(rawValue: 1 << 4)
    public static let skipClearData = ASExperimentalFeatures(rawValue: 1 << 5)
    public static let didEnterPreloadSkipASMLayout = ASExperimentalFeatures(rawValue: 1 << 6)
    public static let dispatchApply = ASExperimentalFeatures(rawValue: 1 << 7)
    public static let drawingGlobal = ASExperimentalFeatures(rawValue: 1 << 8)
    public static let optimizeDataControllerPipeline = ASExperimentalFeatures(rawValue: 1 << 9)
    public static let disableGlobalTextkitLock = ASExperimentalFeatures(rawValue: 1 << 10)
    public static let mainThreadOnlyDataController = ASExperimentalFeatures(rawValue: 1 << 11)
    public static let rangeUpdateOnChangesetUpdate = ASExperimentalFeatures(rawValue: 1 << 12)
    /// Applied by Weft: text nodes lay their text out afresh instead of sharing layouts through
    /// Weft's text measurement cache (Texture's text renderer cache).
    public static let noTextRendererCache = ASExperimentalFeatures(rawValue: 1 << 13)
    public static let lockTextRendererCache = ASExperimentalFeatures(rawValue: 1 << 14)
    public static let hierarchyDisplayDidFinishIsRecursive = ASExperimentalFeatures(rawValue: 1 << 15)
    public static let checkBatchFetchingOnScroll = ASExperimentalFeatures(rawValue: 1 << 16)
    /// Every feature; Texture's `ASExperimentalFeatureAll`.
    public static let featureAll = ASExperimentalFeatures(rawValue: 0xFFFF_FFFF)

    /// The features Weft's behaviour follows.
    static let appliedByWeft: ASExperimentalFeatures = [.noTextRendererCache]

    /// Texture's names (its configuration JSON's `experimental_features`), bit by bit.
    static let names = [
        "exp_text_node", "exp_interface_state_coalesce", "exp_infer_layer_defaults", "exp_collection_teardown",
        "exp_framesetter_cache", "exp_skip_clear_data", "exp_did_enter_preload_skip_asm_layout", "exp_dispatch_apply",
        "exp_drawing_global", "exp_optimize_data_controller_pipeline", "exp_disable_global_textkit_lock",
        "exp_main_thread_only_data_controller", "exp_range_update_on_changeset_update", "exp_no_text_renderer_cache",
        "exp_lock_text_renderer_cache", "exp_hierarchy_display_did_finish_is_recursive", "exp_check_batch_fetching_on_scroll",
    ]
}

/// The names of the features in `flags`, in bit order; Texture's `ASExperimentalFeaturesGetNames`.
public func ASExperimentalFeaturesGetNames(_ flags: ASExperimentalFeatures) -> [String] {
    ASExperimentalFeatures.names.enumerated().compactMap { bit, name in
        flags.contains(ASExperimentalFeatures(rawValue: 1 << UInt(bit))) ? name : nil
    }
}

/// The features named in `array`; Texture's `ASExperimentalFeaturesFromArray`. A name Texture does
/// not know is left out and reported.
public func ASExperimentalFeaturesFromArray(_ array: [String]) -> ASExperimentalFeatures {
    var result: ASExperimentalFeatures = []
    for name in array {
        guard let bit = ASExperimentalFeatures.names.firstIndex(of: name) else {
            WeftDiagnostics.report(.configuration, "ASExperimentalFeaturesFromArray", "\"\(name)\" is not an experimental feature's name (known: \(ASExperimentalFeatures.names.joined(separator: ", "))); left out")
            continue
        }
        result.insert(ASExperimentalFeatures(rawValue: 1 << UInt(bit)))
    }
    return result
}
