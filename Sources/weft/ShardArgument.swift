import ArgumentParser
import Foundation
import Weft

/// Which shard of a frame sequence `weft frames` renders: `--shard i/n` (from 1), or else the
/// parallelism variables of the CI system running it, so a CI matrix splits a long sequence with
/// no scheduler of Weft's own. Variables, read in this order (the first pair present wins):
///
/// | CI | index | count |
/// |----|-------|-------|
/// | Buildkite (`parallelism:`) | `BUILDKITE_PARALLEL_JOB` (from 0) | `BUILDKITE_PARALLEL_JOB_COUNT` |
/// | CircleCI (`parallelism:`) | `CIRCLE_NODE_INDEX` (from 0) | `CIRCLE_NODE_TOTAL` |
/// | GitLab CI (`parallel:`) | `CI_NODE_INDEX` (from 1) | `CI_NODE_TOTAL` |
///
/// GitHub Actions has no such variables: a matrix passes `--shard ${{ matrix.shard }}/N` itself.
/// A value that is not a shard (not a number, index out of range, count below 1, half a pair) is
/// a usage error naming the argument or variable and its value.
struct ShardArgument: Equatable {
    let shard: FrameShard
    /// Where it came from: "--shard" or the variables' names.
    let source: String

    /// The CI systems' variable pairs, in the order they are read, and the index of their first shard.
    static let ciVariables: [(index: String, count: String, firstIndex: Int)] = [
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
        ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
    ]

    /// The shard `option` (the `--shard` value) names, else the one `environment`'s CI variables
    /// name, else nil (the whole sequence).
    static func resolve(option: String?, environment: [String: String]) throws(ValidationError) -> ShardArgument? {
        if let option {
            let parts = option.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                throw ValidationError("--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"\(option)\"")
            }
            guard count >= 1, (1...count).contains(index), let shard = try? FrameShard(index, of: count) else {
                throw ValidationError("--shard must be INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not \"\(option)\"")
            }
            return ShardArgument(shard: shard, source: "--shard")
        }
        for pair in ciVariables {
            let indexText = environment[pair.index], countText = environment[pair.count]
            guard indexText != nil || countText != nil else { continue }
            guard let indexText else { throw ValidationError("\(pair.count) is \"\(countText!)\" but \(pair.index) is not set") }
            guard let countText else { throw ValidationError("\(pair.index) is \"\(indexText)\" but \(pair.count) is not set") }
            guard let count = Int(countText.trimmingCharacters(in: .whitespaces)), count >= 1 else {
                throw ValidationError("\(pair.count) must be a whole number of at least 1, not \"\(countText)\"")
            }
            let last = pair.firstIndex + count - 1
            guard let index = Int(indexText.trimmingCharacters(in: .whitespaces)), (pair.firstIndex...last).contains(index),
                  let shard = try? FrameShard(index - pair.firstIndex + 1, of: count) else {
                throw ValidationError("\(pair.index) must be \(pair.firstIndex) to \(last) (\(pair.count) is \(count)), not \"\(indexText)\"")
            }
            return ShardArgument(shard: shard, source: "\(pair.index)/\(pair.count)")
        }
        return nil
    }
}
