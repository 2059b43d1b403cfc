// swift-tools-version:6.0
// libFuzzer targets for Weft, kept out of the main package so `swift build` / `swift test` never
// see them: they have no `main` (libFuzzer supplies it) and link only with -sanitize=fuzzer.
// Build and run with `make fuzz` (scripts/fuzz.sh); see docs/reliability-tooling.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let weft = Target.Dependency.product(name: "Weft", package: parent.lastPathComponent)
let singlePassPNG = Target.Dependency.product(name: "CWeftPNG", package: parent.lastPathComponent)

let package = Package(
    name: "WeftFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        // libpng and TurboJPEG called directly, for the pixel oracles.
        .target(name: "CFuzzOracles", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("turbojpeg")]),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", weft]),
        .executableTarget(name: "FuzzPNG", dependencies: [weft, "FuzzSupport", "CFuzzOracles"]),
        .executableTarget(name: "FuzzJPEG", dependencies: [weft, "FuzzSupport", "CFuzzOracles"]),
        .executableTarget(name: "FuzzPNGEncoder", dependencies: [singlePassPNG, "FuzzSupport", "CFuzzOracles"]),
        .executableTarget(name: "FuzzText", dependencies: [weft, "FuzzSupport"]),
        .executableTarget(name: "FuzzTree", dependencies: [weft, "FuzzSupport"]),
        .executableTarget(name: "FuzzDrawing", dependencies: [weft, "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
