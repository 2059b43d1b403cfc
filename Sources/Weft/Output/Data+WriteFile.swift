import Foundation

extension Data {
    /// Writes atomically, creating the folder, and reports failure with the path named.
    func write(toFile path: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
