import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `weft showcase`: renders every showcase scene at each scale into a folder and prints the paths.
struct ShowcaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "showcase", abstract: "Render the node showcase to PNG files.")

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "out"

    @Option(name: .shortAndLong, parsing: .upToNextOption, help: "Scales to render at (1, 2 or 3).")
    var scales: [Int] = [1, 2, 3]

    @Option(help: "Render only the scenes with these names (\(ShowcaseScenes.all.map(\.name).joined(separator: ", "))).")
    var scene: [String] = []

    func validate() throws {
        for scale in scales where ![1, 2, 3].contains(scale) {
            throw ValidationError("--scales must be 1, 2 or 3, not \(scale)")
        }
        let names = Set(ShowcaseScenes.all.map(\.name))
        for name in scene where !names.contains(name) {
            throw ValidationError("no scene named \"\(name)\"; the scenes are \(names.sorted().joined(separator: ", "))")
        }
    }

    func run() throws {
        let scenes = ShowcaseScenes.all.filter { scene.isEmpty || scene.contains($0.name) }
        for scene in scenes {
            let node = scene.make()
            for scale in scales {
                let path = "\(output)/showcase/\(scene.name)@\(scale)x.png"
                try PNGEncoder().write(try node.renderBitmap(scale: CGFloat(scale)), toFile: path)
                print(path)
            }
        }
    }
}
