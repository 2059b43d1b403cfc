// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Weft",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Weft", targets: ["Weft"]),
        .library(name: "WeftTesting", targets: ["WeftTesting"]),
        // Strategies for pointfreeco's swift-snapshot-testing: `.image(on:)` for nodes and controllers, `.weftLayout`, `assertSnapshots(of:matrix:)`.
        .library(name: "WeftSnapshotTesting", targets: ["WeftSnapshotTesting"]),
        // Xcode's PlaygroundSupport (`PlaygroundPage.current.liveView`), for playground sources
        // ported from Texture.
        .library(name: "PlaygroundSupport", targets: ["PlaygroundSupport"]),
        .executable(name: "weft", targets: ["weft"]),
        // The single-pass PNG encoder's C interface, for the fuzz target that calls it with any size.
        .library(name: "CWeftPNG", targets: ["CWeftPNG"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation` (`make docs`): built only when that command runs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // cairo, pango, fontconfig, libdeflate and TurboJPEG, from Debian's -dev packages. The
        // libraries are named here rather than taken from pangocairo's pkg-config line, whose
        // `-pthread` SwiftPM would warn about in every package that depends on Weft.
        .target(
            name: "CWeft",
            dependencies: ["CWeftSearchPaths"],
            linkerSettings: ["pangocairo-1.0", "pangoft2-1.0", "pango-1.0", "gobject-2.0", "glib-2.0", "harfbuzz",
                             "cairo", "fontconfig", "freetype", "deflate", "turbojpeg"].map { .linkedLibrary($0) }
        ),
        .systemLibrary(
            name: "CWeftSearchPaths",
            pkgConfig: "cairo harfbuzz",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libdeflate-dev", "libturbojpeg0-dev"])]
        ),
        // Weft's single-pass PNG encoder for frames (C, with AVX2 where the CPU has it); it uses
        // libdeflate only for its checksums.
        .target(name: "CWeftPNG", linkerSettings: [.linkedLibrary("deflate")]),
        .target(name: "Weft", dependencies: ["CWeft", "CWeftPNG"]),
        // Golden comparison over pixels (counts, colour distance, difference marks, attribution to
        // nodes), in C so that debug test runs compare at release speed.
        .target(name: "CWeftCompare", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "WeftTesting", dependencies: ["Weft", "CWeftCompare"]),
        .target(name: "PlaygroundSupport", dependencies: ["Weft"]),
        .target(name: "WeftSnapshotTesting", dependencies: [
            "Weft", "WeftTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .target(name: "WeftSamples", dependencies: ["Weft"], path: "Samples"),
        .executableTarget(
            name: "weft",
            dependencies: [
                "Weft", "WeftSamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The hostile-input suite's child process: one case per run, so a crash counts as a failure.
        .executableTarget(name: "weft-hostile", dependencies: ["Weft", "WeftTesting", "CWeft"], path: "Sources/WeftHostile"),
        .testTarget(name: "WeftTests", dependencies: ["Weft", "WeftTesting", "WeftSamples", "CWeft", "CWeftPNG", "CWeftCompare", "weft", "weft-hostile", "WeftSnapshotTesting", "PlaygroundSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // Texture-style app code in Swift 5 language mode, as ported apps compile: it must build
        // without warnings and render.
        .testTarget(name: "WeftPortingTests", dependencies: ["Weft", "PlaygroundSupport"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // Texture's own unit tests, ported with Texture's spellings as a Swift user of
        // AsyncDisplayKit writes them (`import Weft` in place of `import AsyncDisplayKit`).
        .testTarget(name: "TextureTests", dependencies: ["Weft"], exclude: ["README.md"],
                    resources: [.copy("TestResources")],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes: [.v6]
)
