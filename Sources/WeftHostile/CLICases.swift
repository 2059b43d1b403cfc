import Foundation

/// Arguments a user could mistype into the `weft` command line. Each must end in one clear line
/// naming the argument and the value, and a non-zero exit: never a crash or a hang.
enum CLICases {
    /// (name, arguments, a fragment the error line must contain)
    static let table: [(String, [String], String)] = [
        ("nan-width", ["snapshot", "--width", "nan"], "nan"),
        ("negative-height", ["snapshot", "--height=-5"], "-5"),
        ("huge-width", ["snapshot", "--width", "1e12"], "1000000000000"),
        ("zero-scale", ["snapshot", "--scale", "0"], "0"),
        ("word-scale", ["snapshot", "--scale", "two"], "two"),
        ("unknown-sample", ["snapshot", "--sample", "nope"], "nope"),
        ("trillion-items", ["snapshot", "--items", "1000000000000"], "1000000000000"),
        ("bad-item", ["snapshot", "--item", "a:b"], "a:b"),
        ("item-out-of-range", ["snapshot", "--sample", "grid", "--items", "10", "--item", "0:500", "--output", "/tmp/weft-hostile-cli.png"], "500"),
        ("nan-offset", ["snapshot", "--offset", "nan"], "nan"),
        ("unwritable-output", ["snapshot", "--items", "3", "--output", "/sys/weft-hostile.png"], "/sys/weft-hostile.png"),
        ("zero-frames", ["frames", "--count", "0"], "0"),
        ("billion-frames", ["frames", "--count", "1000000000"], "1000000000"),
        ("infinite-velocity", ["frames", "--velocity", "inf"], "inf"),
        ("bad-curve", ["frames", "--curve", "bouncy"], "bouncy"),
        ("bad-realtime", ["frames", "--realtime", "59"], "59"),
        ("unknown-command", ["paint"], "paint"),
    ]

    static let all: [HostileCase] = table.map { name, arguments, fragment in
        HostileCase(category: .cli, name: name) {
            let result = try runWeft(arguments)
            try Expect.that(result.status != 0, "weft \(arguments.joined(separator: " ")) exited 0")
            try Expect.that(result.status < 128 && !result.signalled, "weft \(arguments.joined(separator: " ")) crashed (status \(result.status))")
            try Expect.that(result.output.lowercased().contains(fragment.lowercased()),
                            "weft \(arguments.joined(separator: " ")) said \"\(result.output.prefix(400))\", which does not show \"\(fragment)\"")
        }
    }

    /// Runs the `weft` executable that sits beside this one.
    static func runWeft(_ arguments: [String]) throws -> (status: Int32, signalled: Bool, output: String) {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let process = Process()
        process.executableURL = here.appendingPathComponent("weft")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: output, as: UTF8.self))
    }
}
