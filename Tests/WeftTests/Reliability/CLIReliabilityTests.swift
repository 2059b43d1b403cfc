import Foundation
import Testing
import Weft

/// The `weft` executable built beside the test bundle, if it was built.
private let weftExecutable: String? = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent("weft").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}()

/// Runs `weft` with `arguments` in a child process; returns its exit status and standard error.
/// `environment` is added to the child's (which has no CI parallelism variables of its own).
private func weft(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, error: String, output: String) {
    let process = Process()
    process.environment = ChildProcess.childEnvironment.merging(environment) { $1 }
    process.executableURL = URL(fileURLWithPath: try #require(weftExecutable))
    process.arguments = arguments
    let errorPipe = Pipe(), outputPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = outputPipe
    try process.run()
    let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
    let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: error, as: UTF8.self), String(decoding: output, as: UTF8.self))
}

@Suite(.enabled(if: weftExecutable != nil, "the weft executable is not built"),
       .enabled(if: ChildProcess.allowed, "child processes are off under ThreadSanitizer")) struct CLIReliabilityTests {
    /// Bad arguments: each prints one line naming the argument and the value, and exits 64.
    @Test(arguments: [
        (["snapshot", "--width", "nan"], "--width must be 1 to 8192 points, not nan"),
        (["snapshot", "--width", "-5"], "--width must be 1 to 8192 points, not -5.0"),
        (["snapshot", "--height", "1e300"], "--height must be 1 to 8192 points, not 1e+300"),
        (["snapshot", "--scale", "0"], "--scale must be 1, 2 or 3, not 0"),
        (["snapshot", "--items", "-1"], "--items must be 0 to 1000000, not -1"),
        (["snapshot", "--items", "1000001"], "--items must be 0 to 1000000, not 1000001"),
        (["snapshot", "--items", "99999999999999999999"], "'99999999999999999999' is invalid for '--items"),
        (["snapshot", "--sample", "nope"], "--sample: no sample named \"nope\""),
        (["snapshot", "--offset", "-inf"], "--offset must be a finite number of points, not -inf"),
        (["frames", "--count", "1000000000"], "--count must be 1 to 10000, not 1000000000"),
        (["frames", "--velocity", "1e308"], "--velocity must be a number of points a second within ±1000000, not 1e+308"),
        (["frames", "--from", "nan"], "--from must be a finite number of points, not nan"),
        (["frames", "--edit", "3:insrt:0:0"], "--edit \"3:insrt:0:0\": unknown kind \"insrt\""),
        (["frames", "--count", "5", "--edit", "7:insert:0:0"], "--edit \"7:insert:0:0\": frame 7 is past the last frame, 4"),
        (["frames", "--sample", "mosaic", "--edit", "1:insert:0:0"], "--edit: the sample \"mosaic\" cannot be edited"),
        (["frames", "--sample", "table", "--edit", "1:insert:0:0"], "--edit: the sample \"table\" cannot be edited"),
        (["frames", "--sample", "table", "--realtime", "60"], "--realtime 60: the sample \"table\" is an ASTableNode"),
        (["frames", "--sample", "feed", "--to-page", "2"], "--to-page 2: the sample \"feed\" is not a pager; the pager samples are pager"),
        (["frames", "--sample", "pager", "--to-page", "-1"], "--to-page must be a page index from 0, not -1"),
        (["frames", "--sample", "pager", "--to-page", "2", "--velocity", "300"], "--to-page 2 turns pages; it cannot be combined with --velocity 300.0"),
        (["frames", "--sample", "pager", "--width", "100", "--height", "100", "--scale", "1", "--to-page", "30",
          "-o", NSTemporaryDirectory() + "weft-cli-pages-\(getpid())"], "--to-page 30: page 30 is not one of the pager's 8 pages (0 to 7)"),
        (["frames", "--sample", "livefeed", "--width", "100", "--height", "100", "--scale", "1", "--count", "3", "--items", "4",
          "--edit", "1:delete:0:9", "-o", NSTemporaryDirectory() + "weft-cli-edit-\(getpid())"],
         "--edit \"1:delete:0:9\" at frame 1: cannot delete 1 from section 0, item 9: the section has 4 items"),
        (["frames", "--shard", "0/3"], "--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"0/3\""),
        (["frames", "--shard", "4/3"], "--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"4/3\""),
        (["frames", "--shard", "a/b"], "--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"a/b\""),
        (["frames", "--shard", "1/0"], "--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"1/0\""),
        (["frames", "--shard", "1/2", "--realtime", "60"], "--shard 1/2: a --realtime run follows a clock and cannot be split into shards"),
        (["layout", "--width", "-1"], "--width must be a number of points above 0 and at most 10000, not -1.0"),
        (["bench", "--cells", "1000000000"], "--cells must be 1 to 100000, not 1000000000"),
        (["showcase", "--scales", "9"], "--scales must be 1, 2 or 3, not 9"),
    ])
    func badArgumentsGetOneClearLine(arguments: [String], message: String) throws {
        let (status, error, _) = try weft(arguments)
        #expect(status == 64, "\(arguments): \(error)")
        let lines = error.split(separator: "\n")
        #expect(lines.count == 1, "one line, not \(lines.count): \(error)")
        #expect(error.hasPrefix("weft: ") && error.contains(message), "\(error)")
    }

    @Test func unwritableOutputExitsWithCannotCreate() throws {
        let blocker = NSTemporaryDirectory() + "weft-cli-blocker-\(getpid())-\(UUID().uuidString.prefix(8))"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let (status, error, _) = try weft(["snapshot", "--sample", "grid", "--width", "100", "--height", "100", "--scale", "1",
                                           "--items", "4", "-o", blocker + "/shot.png"])
        #expect(status == 73, "\(error)")
        #expect(error == "weft: could not write \(blocker)/shot.png: \(blocker) is a file, not a folder (not a directory)\n")
    }

    @Test func framesRenderScriptedEditsTheSameEveryRun() throws {
        func run(_ name: String) throws -> [Data] {
            let folder = NSTemporaryDirectory() + "weft-cli-frames-\(getpid())-\(name)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let (status, error, output) = try weft(["frames", "--sample", "livefeed", "--width", "120", "--height", "160", "--scale", "1",
                                                    "--items", "3", "--from", "0", "--to", "200", "--count", "12", "--curve", "linear",
                                                    "--edit", "2:insert:0:0x2", "--edit", "6:delete:0:1", "-o", folder])
            #expect(status == 0, "\(error)")
            #expect(output.contains("12 frames"))
            return try (1...12).map { try Data(contentsOf: URL(fileURLWithPath: String(format: "%@/frame_%05d.png", folder, $0))) }
        }
        let first = try run("a"), second = try run("b")
        #expect(first == second)
        let still = NSTemporaryDirectory() + "weft-cli-frames-\(getpid())-still"
        defer { try? FileManager.default.removeItem(atPath: still) }
        let (status, _, _) = try weft(["frames", "--sample", "livefeed", "--width", "120", "--height", "160", "--scale", "1", "--items", "3",
                                       "--from", "0", "--to", "200", "--count", "12", "--curve", "linear", "--edit", "2:insert:0:0x2",
                                       "--edit", "6:delete:0:1", "--no-animation", "-o", still])
        #expect(status == 0)
        // Without animation the frame after an edit differs from the animated one.
        #expect(try Data(contentsOf: URL(fileURLWithPath: still + "/frame_00004.png")) != first[3])
    }

    /// CI parallelism variables that name no shard: one line naming the variable and its value, exit 64.
    @Test(arguments: [
        (["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "3"],
         "BUILDKITE_PARALLEL_JOB must be 0 to 2 (BUILDKITE_PARALLEL_JOB_COUNT is 3), not \"3\""),
        (["CIRCLE_NODE_INDEX": "a", "CIRCLE_NODE_TOTAL": "2"], "CIRCLE_NODE_INDEX must be 0 to 1 (CIRCLE_NODE_TOTAL is 2), not \"a\""),
        (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "0"], "CIRCLE_NODE_TOTAL must be a whole number of at least 1, not \"0\""),
        (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], "CI_NODE_INDEX must be 1 to 3 (CI_NODE_TOTAL is 3), not \"0\""),
        (["CI_NODE_INDEX": "2"], "CI_NODE_INDEX is \"2\" but CI_NODE_TOTAL is not set"),
    ])
    func badShardVariablesGetOneClearLine(environment: [String: String], message: String) throws {
        let (status, error, _) = try weft(["frames", "--count", "2", "-o", NSTemporaryDirectory() + "weft-cli-badshard-\(getpid())"],
                                          environment: environment)
        #expect(status == 64, "\(environment): \(error)")
        #expect(error.split(separator: "\n").count == 1 && error.hasPrefix("weft: ") && error.contains(message), "\(error)")
    }

    /// The shards of a scroll with scripted, animated edits and batch fetches (the live feed fetches
    /// a page whenever its end is within two screens) write exactly the files of one run: same names
    /// (global frame numbers), same bytes; chosen by `--shard` or by each CI's variables.
    @Test func shardsTogetherAreByteIdenticalToOneRun() throws {
        let arguments = ["frames", "--sample", "livefeed", "--width", "120", "--height", "160", "--scale", "1", "--items", "3",
                         "--from", "0", "--to", "1400", "--count", "14", "--curve", "linear",
                         "--edit", "2:insert:0:0x2", "--edit", "6:delete:0:1", "--edit", "9:move:0:0:0:3"]
        let root = NSTemporaryDirectory() + "weft-cli-shards-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        func files(in folder: String) throws -> [String: Data] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) })
        }
        func run(_ name: String, _ extra: [String], environment: [String: String] = [:]) throws -> [String: Data] {
            let folder = root + "/" + name
            let (status, error, _) = try weft(arguments + extra + ["-o", folder], environment: environment)
            #expect(status == 0, "\(name): \(error)")
            return (try? files(in: folder)) ?? [:]
        }
        let whole = try run("whole", ["--shard", "1/1"])
        #expect(whole.count == 14)
        var sharded: [String: Data] = [:]
        for index in 1...3 {
            let part = try run("shard\(index)", ["--shard", "\(index)/3"])
            #expect(part.count == [5, 5, 4][index - 1], "shard \(index)/3 wrote \(part.keys.sorted())")
            sharded.merge(part) { first, _ in first }
        }
        #expect(sharded.keys.sorted() == whole.keys.sorted())
        #expect(sharded == whole)
        // The same split from each CI's variables: Buildkite and CircleCI count from 0, GitLab from 1.
        for (index, count, first) in [("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0), ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
                                      ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1)] {
            var fromVariables: [String: Data] = [:]
            for job in 0..<3 {
                let part = try run("\(index)-\(job)", [], environment: [index: "\(job + first)", count: "3"])
                fromVariables.merge(part) { first, _ in first }
            }
            #expect(fromVariables == whole, "\(index)/\(count)")
        }
    }

    /// The table and the pager render from the command line, as `make run` renders them.
    @Test func theTableAndThePagerRender() throws {
        let root = NSTemporaryDirectory() + "weft-cli-containers-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let small = ["--width", "120", "--height", "160", "--scale", "1"]
        var (status, error, _) = try weft(["snapshot", "--sample", "table", "--item", "1:2", "-o", root + "/table.png"] + small)
        #expect(status == 0, "\(error)")
        #expect(try UIImage(contentsOf: URL(fileURLWithPath: root + "/table.png")).size == CGSize(width: 120, height: 160))
        (status, error, _) = try weft(["frames", "--sample", "table", "--count", "4", "--shard", "2/2", "-o", root + "/table"] + small)
        #expect(status == 0, "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/table").sorted() == ["frame_00003.png", "frame_00004.png"])
        (status, error, _) = try weft(["frames", "--sample", "pager", "--to-page", "3", "--count", "9", "-o", root + "/pager"] + small)
        #expect(status == 0, "\(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/pager").count == 9)
    }

    @Test func helpStillWorks() throws {
        let (status, _, output) = try weft(["snapshot", "--help"])
        #expect(status == 0)
        #expect(output.contains("USAGE: weft snapshot"))
    }

    @Test func versionNamesWeftCairoAndPango() throws {
        let (status, _, output) = try weft(["--version"])
        #expect(status == 0)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == WeftVersion.description)
        #expect(output.hasPrefix(WeftVersion.release + " (cairo 1."))
        #expect(output.contains(", pango 1."))
    }
}
