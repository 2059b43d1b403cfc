import Foundation
import Synchronization
import Testing
@testable import Weft

/// Texture's configuration: features Weft applies change what it does; the others are reported.
@Suite(.serialized) struct ASConfigurationTests {
    final class Delegate: NSObject, ASConfigurationDelegate, @unchecked Sendable {
        // SAFETY: written on the manager's serial delegate queue, read after waiting for it.
        let activated = Mutex<[ASExperimentalFeatures]>([])
        let initialized = Mutex(false)
        func textureDidActivateExperimentalFeatures(_ features: ASExperimentalFeatures) { activated.withLock { $0.append(features) } }
        func textureDidInitialize() { initialized.withLock { $0 = true } }
    }

    @Test func namesRoundTrip() {
        #expect(ASExperimentalFeaturesGetNames([.textNode, .noTextRendererCache]) == ["exp_text_node", "exp_no_text_renderer_cache"])
        #expect(ASExperimentalFeaturesGetNames(.featureAll).count == 17)
        let (features, reports) = WeftDiagnostics.collect(matching: "exp_nonsense") {
            ASExperimentalFeaturesFromArray(["exp_dispatch_apply", "exp_nonsense"])
        }
        #expect(features == .dispatchApply && reports.count == 1)
        let configuration = ASConfiguration(dictionary: ["version": 1, "experimental_features": ["exp_skip_clear_data"]])
        #expect(configuration.experimentalFeatures == .skipClearData)
        #expect((configuration.copy() as? ASConfiguration)?.experimentalFeatures == .skipClearData)
        #expect(ASConfiguration(dictionary: nil).experimentalFeatures.isEmpty)
    }

    @Test func featuresWeftDoesNotApplyAreReported() {
        let configuration = ASConfiguration(dictionary: nil)
        configuration.experimentalFeatures = [.textNode, .skipClearData]
        let (_, reports) = WeftDiagnostics.collect(matching: "no counterpart in Weft") { ASConfigurationManager.test_reset(with: configuration) }
        defer { ASConfigurationManager.test_reset(with: nil) }
        #expect(reports.count == 1 && reports[0].message.contains("exp_text_node, exp_skip_clear_data have no counterpart"))
        let (_, none) = WeftDiagnostics.collect(matching: "no counterpart in Weft") { ASConfigurationManager.test_reset(with: ASConfiguration()) }
        #expect(none.isEmpty)
    }

    /// With `noTextRendererCache`, text is laid out afresh: the shared cache sees no lookups.
    /// (Scoped to this test's task, so tests running beside it keep the cache.)
    @Test func noTextRendererCacheBypassesTheSharedCache() {
        let cache = TextMeasurementCache()
        let request = TextLayoutRequest(content: TextContent(string: "uncached"))
        ASConfigurationManager.$scopedFeatures.withValue(.noTextRendererCache) {
            _ = TextLayoutEngine.layout(request, in: CGSize(width: 100, height: 100), cache: cache)
            _ = TextLayoutEngine.layout(request, in: CGSize(width: 100, height: 100), cache: cache)
        }
        #expect(cache.statistics.hits + cache.statistics.misses == 0)
        _ = TextLayoutEngine.layout(request, in: CGSize(width: 100, height: 100), cache: cache)
        #expect(cache.statistics.hits + cache.statistics.misses == 1)
    }

    /// The delegate hears of installation at once and of each feature's first use once, on the
    /// manager's queue. (A feature no Weft code asks about, so other tests are unaffected.)
    @Test func theDelegateHearsOfInstallationAndFirstUse() {
        let delegate = Delegate()
        let configuration = ASConfiguration()
        configuration.experimentalFeatures = .dispatchApply
        configuration.delegate = delegate
        ASConfigurationManager.test_reset(with: configuration)
        defer { ASConfigurationManager.test_reset(with: nil) }
        #expect(delegate.initialized.withLock { $0 })
        #expect(ASConfigurationManager.activate(.dispatchApply) && ASConfigurationManager.activate(.dispatchApply))
        #expect(!ASConfigurationManager.activate(.skipClearData))
        for _ in 0..<100 where delegate.activated.withLock({ $0.isEmpty }) { usleep(10_000) }
        usleep(20_000)
        #expect(delegate.activated.withLock { $0 } == [.dispatchApply])
    }
}
