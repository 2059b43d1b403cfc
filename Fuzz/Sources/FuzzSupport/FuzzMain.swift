import CLibFuzzer
import Foundation

/// Runs libFuzzer on `testOneInput` with the process's arguments and exits with its status.
///
/// SwiftPM links every executable with `main` pointing at the module's own entry point, so
/// libFuzzer's `main` is never used; each target's `@main` calls this instead. The targets still
/// export `LLVMFuzzerTestOneInput`, which libFuzzer's (unused) `main` refers to.
public func runLibFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
