import ArgumentParser
import Foundation
import Weft

/// How `weft` ends on an error: one line on standard error naming what was wrong, and an exit code
/// by kind (sysexits.h numbers, so scripts can tell a typo from a full disk):
///
/// | code | when |
/// |------|------|
/// | 64 (EX_USAGE) | a bad argument: unknown option or sample, a value out of range |
/// | 65 (EX_DATAERR) | a collection that cannot be loaded or rendered (`CollectionError`) |
/// | 73 (EX_CANTCREAT) | an output file that cannot be written (`OutputError`) |
/// | 70 (EX_SOFTWARE) | any other rendering failure |
enum ExitStatus {
    static let usage: Int32 = 64
    static let data: Int32 = 65
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73

    /// The code and the one line for `error`.
    static func report(_ error: any Error) -> (code: Int32, line: String) {
        switch error {
        case let error as CollectionError: return (data, "weft: \(error)")
        case let error as OutputError: return (cannotCreate, "weft: \(error)")
        case let error where isWeftError(error): return (software, "weft: \(error)")
        default:
            // Argument parsing and validation: the parser's message, first line only (the usage
            // it appends is one `--help` away).
            let message = WeftCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let code = WeftCommand.exitCode(for: error).rawValue
            return (code == ExitCode.failure.rawValue ? software : code, "weft: \(message)")
        }
    }

    private static func isWeftError(_ error: any Error) -> Bool {
        error is RenderError || error is GraphicsError || error is ImageDecodingError
    }

    /// `arguments` with `--option -5` written as `--option=-5`: the parser would take "-5" for an
    /// option and say the value is missing. No weft option is spelled like a number.
    static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count, looksNegative(arguments[index + 1]) {
                result.append("\(argument)=\(arguments[index + 1])")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    private static func looksNegative(_ text: String) -> Bool {
        guard text.hasPrefix("-"), text.count > 1 else { return false }
        let rest = text.dropFirst()
        return rest.first.map { $0.isNumber || $0 == "." } ?? false || rest.lowercased() == "inf" || rest.lowercased() == "infinity" || rest.lowercased() == "nan"
    }
}
