// Shows why Weft keeps no object reference as the payload of a multi-payload enum that lives in
// the heap: Swift stores such an enum's case in the spare high bits of the pointer, so
// LeakSanitizer cannot follow it, and an object reachable only through it is reported as a
// direct leak although it is alive. Here every B and C (cases 1 and 2) is reported; the As (case
// 0, the pointer unchanged) are not. Weft's `ElementSlot` holds a plain reference for this reason.
//   swiftc -sanitize=address enum-payload-pointer.swift -o /tmp/enumleak && /tmp/enumleak
final class A { var x = [1, 2, 3] }
final class B { var y = 2 }
final class C { var z = "a string too long to be stored inline" }
enum Slot { case a(A), b(B), c(C) }
final class Holder {
    var slot: Slot
    init(_ slot: Slot) { self.slot = slot }
}
var holders: [Holder] = []
for i in 0..<30 { holders.append(Holder(i % 3 == 0 ? .a(A()) : i % 3 == 1 ? .b(B()) : .c(C()))) }
print("\(holders.count) holders, all alive at exit")
