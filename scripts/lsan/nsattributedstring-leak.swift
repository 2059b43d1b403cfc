// Shows a leak in swift-corelibs-foundation, not in Weft: each NSAttributedString leaves its
// CFRunArray allocated. Under AddressSanitizer, LeakSanitizer reports 100 direct leaks
// (CFRunArrayCreate) for the 100 strings. See suppressions.txt beside this file.
//   swiftc -sanitize=address nsattributedstring-leak.swift -o /tmp/leak && /tmp/leak
import Foundation

for index in 0..<100 {
    let string = NSAttributedString(string: "string \(index)")
    precondition(string.length > 0)
}
