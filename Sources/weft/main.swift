import Foundation
import Weft
import WeftSamples

let out = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "out"
for scene in ShowcaseScenes.all {
    for scale in [1, 2] as [CGFloat] {
        let node = scene.make()
        let path = "\(out)/\(scene.name)@\(Int(scale))x.png"
        do {
            try PNGEncoder().write(try node.renderBitmap(scale: scale), toFile: path)
            print(path)
        } catch {
            print("error: \(error)")
        }
    }
}
