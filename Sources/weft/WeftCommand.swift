import ArgumentParser
import Foundation

/// The `weft` command: renders Weft's samples to PNG and measures the pipeline.
@main
struct WeftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft",
        abstract: "Render Texture-style node trees to PNG on Linux.",
        subcommands: [ShowcaseCommand.self, SnapshotCommand.self, FramesCommand.self, LayoutCommand.self, BenchCommand.self],
        defaultSubcommand: ShowcaseCommand.self
    )
}
