import Foundation

/// Box blurs of a single-channel image (a shadow's alpha), in integers so every machine gets the
/// same bytes; three in a row approximate a gaussian.
enum BoxBlur {
    /// The widths (odd) of three box blurs whose sum of variances is the gaussian's.
    static func sizes(deviation sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs each of `lines` lines of `length` pixels (`step` apart within a line, lines
    /// `lineStep` apart) over `reach` pixels either side, rounding to the nearest.
    static func pass(from source: [UInt8], into target: inout [UInt8], lines: Int, length: Int, step: Int, lineStep: Int, reach: Int) {
        let window = 2 * reach + 1
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStep
                    var sum = 0
                    for i in 0..<min(reach, length) { sum += Int(src[base + i * step]) }
                    for i in 0..<length {
                        let entering = i + reach, leaving = i - reach - 1
                        if entering < length { sum += Int(src[base + entering * step]) }
                        if leaving >= 0 { sum -= Int(src[base + leaving * step]) }
                        dst[base + i * step] = UInt8((sum + window / 2) / window)
                    }
                }
            }
        }
    }
}
