import Foundation

/// The payload of a `data:` URL (RFC 2397): `data:[<media type>][;base64],<data>`, the data
/// base64 or percent-encoded. The media type is kept but not trusted: the image decoder reads
/// the bytes' signature. Sendable value; use from any context.
struct DataURL: Sendable {
    let mediaType: String
    let bytes: Data

    static func isDataURL(_ url: URL) -> Bool { url.scheme?.lowercased() == "data" }

    /// Parses `url`; the payload may not decode to more than `WeftLimits.maximumImageFileBytes`.
    init(_ url: URL) throws(ImageLoadingError) {
        let text = url.absoluteString
        guard let colon = text.firstIndex(of: ":"), text[..<colon].lowercased() == "data" else {
            throw .malformedDataURL(url: url, reason: "it does not start with data:")
        }
        let rest = text[text.index(after: colon)...]
        guard let comma = rest.firstIndex(of: ",") else {
            throw .malformedDataURL(url: url, reason: "there is no comma before the data")
        }
        var parameters = rest[..<comma].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let isBase64 = parameters.count > 1 && parameters.last!.lowercased() == "base64"
        if isBase64 { parameters.removeLast() }
        mediaType = parameters.first.flatMap { $0.isEmpty ? nil : $0 } ?? "text/plain"

        let payload = rest[rest.index(after: comma)...].utf8
        // Percent-encoding at most triples the bytes, base64 adds a third: a longer payload cannot
        // fit the limit, and is refused before any decoding work.
        let limit = WeftLimits.maximumImageFileBytes
        guard payload.count <= limit * 3 else { throw .dataURLTooLarge(url: url, bytes: payload.count) }
        let unescaped = Self.percentDecoded(payload)
        var decoded = unescaped
        if isBase64 {
            let significant = unescaped.filter { !Self.isWhitespace($0) }
            let padded = significant + [UInt8](repeating: UInt8(ascii: "="), count: (4 - significant.count % 4) % 4)
            guard let data = Data(base64Encoded: Data(padded)) else {
                throw .malformedDataURL(url: url, reason: "the base64 payload does not decode")
            }
            decoded = [UInt8](data)
        }
        guard decoded.count <= limit else { throw .dataURLTooLarge(url: url, bytes: decoded.count) }
        bytes = Data(decoded)
    }

    /// `%XX` becomes the byte XX; a `%` not followed by two hex digits stays as it is.
    static func percentDecoded(_ text: some Collection<UInt8>) -> [UInt8] {
        let input = Array(text)
        var output = [UInt8]()
        output.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            if input[i] == UInt8(ascii: "%"), i + 2 < input.count, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) {
                output.append(high << 4 | low)
                i += 3
            } else {
                output.append(input[i])
                i += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
