// swift-tools-version:6.0
// A minimal program that uses Synchronization.Mutex correctly under contention, to tell whether
// the thread sanitizer's reports inside Mutex closures on Linux are races or a blind spot.
// Run: scripts/tsan-mutex-repro/run.sh (see docs/reliability-tooling.md).
import PackageDescription

let package = Package(
    name: "TSanMutexRepro",
    platforms: [.macOS(.v15)],
    targets: [.executableTarget(name: "TSanMutexRepro")],
    swiftLanguageModes: [.v6]
)
