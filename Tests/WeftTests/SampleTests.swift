import Foundation
import Testing
import Weft
import WeftSamples
import WeftTesting

@Suite struct SampleTests {
    @Test(arguments: ShowcaseScenes.all.map(\.name))
    func showcaseScene(_ name: String) throws {
        let scene = try #require(ShowcaseScenes.all.first { $0.name == name })
        expectGolden(scene.make(), named: "samples/Showcase/\(name)")
    }
}
