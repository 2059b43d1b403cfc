// swift-tools-version:6.0
// A package that uses WeftTesting as an app's test target would, with only `import Weft` and
// `import WeftTesting`: GoldenAdoptionTests (in Weft's suite) runs it and checks that a golden
// mismatch fails under XCTest and under Swift Testing alike.
import PackageDescription

let package = Package(
    name: "GoldenAdoption",
    dependencies: [.package(name: "Weft", path: "../../..")],
    targets: [
        .testTarget(name: "AdoptionTests", dependencies: [
            .product(name: "Weft", package: "Weft"), .product(name: "WeftTesting", package: "Weft"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
