import Foundation
import Weft

// weft-hostile: the hostile-input suite's child process.
//   weft-hostile list          prints every case's id, one a line
//   weft-hostile run ID        runs one case; exit 0 when Weft behaved, 1 with the reason when not
// A crash or a hang ends only this process; `HostileInputTests` counts it against the case.

let cases = ImageCases.all + GeometryCases.all + TextCases.all + TreeCases.all + ConcurrencyCases.all
    + DataSourceCases.all + FrameCases.all + OutputCases.all + CLICases.all
    + DrawingCases.all + TestingSurfaceCases.all + SettingsCases.all + ControlCases.all

/// Bounds the child's memory, so "unbounded memory" fails the case instead of the machine.
func limitMemory(bytes: rlim_t) {
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.dropFirst().first) {
case ("list", _):
    for hostile in cases { print(hostile.id) }
case ("run", let id?):
    guard let hostile = cases.first(where: { $0.id == id }) else {
        print("no case \(id)")
        exit(2)
    }
    // AddressSanitizer reserves terabytes of shadow memory up front, which an address-space
    // limit would refuse; under ASan, its own allocator limits stand in for this one.
    if dlsym(nil, "__asan_init") == nil { limitMemory(bytes: 6 << 30) }
    // Diagnostics are part of the expected answer; the parent reads only the verdict line.
    WeftDiagnostics.printsToStandardError = false
    do {
        try hostile.run()
        print("ok \(id)")
    } catch {
        print("FAIL \(id): \(error)")
        exit(1)
    }
default:
    print("usage: weft-hostile list | run CATEGORY/NAME")
    exit(2)
}
