// An object alive until exit, weakly referenced once: LeakSanitizer reports its side table.
final class Kept {}
let kept = Kept()          // a global: reachable until the process exits, never leaked
weak var reference = kept  // the first weak reference allocates the side table
reference = nil
print("kept \(ObjectIdentifier(kept))")
