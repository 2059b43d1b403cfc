import Foundation

/// Reads typed values from a fuzzer's bytes, front to back; past the end every read gives zero,
/// so any input, however short, decodes to some program. libFuzzer's FuzzedDataProvider, smaller.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ data: UnsafeRawBufferPointer) { bytes = Array(data) }
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset >= bytes.count }
    public var remainingCount: Int { max(0, bytes.count - offset) }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A value in 0..<count (count > 0).
    public mutating func index(_ count: Int) -> Int { Int(byte()) % count }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[index(choices.count)] }

    public mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    public mutating func uint64() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }

    /// Mostly ordinary numbers, sometimes the ones that break arithmetic: a tag byte chooses a small
    /// integer in `ordinary`, a value from `specials`, or any 64-bit pattern (NaNs included).
    public mutating func number(_ ordinary: ClosedRange<Int>) -> CGFloat {
        switch byte() % 8 {
        case 0...4:
            let span = UInt64(ordinary.upperBound - ordinary.lowerBound + 1)
            return CGFloat(ordinary.lowerBound + Int(UInt64(uint16()) % span))
        case 5: return CGFloat(uint16()) / 256
        case 6: return pick(Self.specials)
        default: return CGFloat(Double(bitPattern: uint64()))
        }
    }

    public static let specials: [CGFloat] = [
        0, -0.0, 1, -1, 0.5, 1e-9, -1e-9, 1e6, -1e6, 1e9, 1e300, -1e300,
        .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 32767, 32768, 65536,
    ]

    /// The rest of the bytes, as text (invalid UTF-8 repaired, as `String(decoding:)` does).
    public mutating func remainingString() -> String {
        guard offset < bytes.count else { return "" }
        defer { offset = bytes.count }
        return String(decoding: bytes[offset...], as: UTF8.self)
    }

    /// Up to `maximum` bytes as text.
    public mutating func string(maximum: Int) -> String {
        let count = min(Int(byte()) % (maximum + 1), remainingCount)
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }
}
