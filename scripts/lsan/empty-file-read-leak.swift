// Shows a leak in swift-foundation, not in Weft: reading an empty file (Data(contentsOf:) or
// FileManager.contents(atPath:)) leaves the 4,096-byte read buffer allocated. Under AddressSanitizer,
// LeakSanitizer reports 2 direct leaks of 4096 bytes from readBytesFromFile. See suppressions.txt.
//   swiftc -sanitize=address empty-file-read-leak.swift -o /tmp/emptyleak && /tmp/emptyleak
import Foundation

let path = NSTemporaryDirectory() + "empty-file-read-leak"
FileManager.default.createFile(atPath: path, contents: Data())
let a = try Data(contentsOf: URL(fileURLWithPath: path))
let b = FileManager.default.contents(atPath: path)
print("read \(a.count) and \(b?.count ?? -1) bytes")
try FileManager.default.removeItem(atPath: path)
