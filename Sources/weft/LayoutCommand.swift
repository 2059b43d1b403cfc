import ArgumentParser
import Foundation
import Weft
import WeftSamples

/// `weft layout`: prints the layout tree of a sample cell, one element per line with its frame.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "Print the layout tree of a sample cell.")

    @Option(help: "The width to lay the cell out in, in points.")
    var width: Double = 390

    @Option(help: "Which post of the sample feed to lay out.")
    var index = 0

    @Option(help: "The screen scale layout rounds to (Texture's ASScreenScale).")
    var screenScale: Double = 2

    func validate() throws {
        guard width.isFinite, width > 0, width <= 10_000 else { throw ValidationError("--width must be a number of points above 0 and at most 10000, not \(width)") }
        guard index >= 0 else { throw ValidationError("--index must be 0 or more, not \(index)") }
        guard [1, 2, 3].contains(screenScale) else { throw ValidationError("--screen-scale must be 1, 2 or 3, not \(screenScale)") }
    }

    func run() throws {
        ASSetScreenScale(CGFloat(screenScale))
        let cell = FeedCell(index: index, avatarImage: SampleImages.badge(diameter: 36), photoImage: SampleImages.landscape())
        let layout = cell.layoutThatFits(ASSizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: CGFloat.infinity)))
        print(layout.recursiveDescription)
        for issue in layout.issues { print("issue: \(issue)") }
    }
}
