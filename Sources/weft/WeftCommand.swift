import ArgumentParser
import Foundation
import Weft

/// The `weft` command: renders Weft's samples to PNG and measures the pipeline. Errors end it with
/// one line and an exit code by kind (see `ExitStatus`).
@main
struct WeftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft",
        abstract: "Render Texture-style node trees to PNG on Linux.",
        discussion: "Exit codes: 0 done, 64 bad argument, 65 collection data or rendering error, 73 output not writable, 70 other failure.",
        version: WeftVersion.description,
        subcommands: [ShowcaseCommand.self, SnapshotCommand.self, FramesCommand.self, LayoutCommand.self, BenchCommand.self, BenchScaleProbeCommand.self],
        defaultSubcommand: ShowcaseCommand.self
    )

    static func main() {
        let arguments = ExitStatus.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error where exitCode(for: error) == .success {
            // --help and --version keep the parser's own output.
            exit(withError: error)
        } catch {
            let (code, line) = ExitStatus.report(error)
            FileHandle.standardError.write(Data((line + "\n").utf8))
            Foundation.exit(code)
        }
    }
}
