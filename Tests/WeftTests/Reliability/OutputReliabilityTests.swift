import Foundation
import Testing
@testable import Weft
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the temporary directory, removed (and unmounted) by `remove()`.
private struct Scratch {
    let path: String
    private(set) var mounted = false

    init(_ name: String) {
        path = NSTemporaryDirectory() + "weft-output-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Mounts a tmpfs of `size` (read-only when asked) on the folder; false where mounting is not
    /// allowed (not root, no CAP_SYS_ADMIN).
    mutating func mountTmpfs(size: String, readOnly: Bool = false) -> Bool {
        mounted = mount("tmpfs", path, "tmpfs", readOnly ? UInt(MS_RDONLY) : 0, "size=\(size)") == 0
        return mounted
    }

    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }

    func remove() {
        if mounted { umount2(path, Int32(MNT_DETACH)) }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Whether this process may mount a tmpfs (root in most containers and CI runners).
private let canMount: Bool = {
    var probe = Scratch("probe")
    defer { probe.remove() }
    return probe.mountTmpfs(size: "16k")
}()

private func smallFrame() throws -> Bitmap {
    try Bitmap(size: CGSize(width: 8, height: 8), scale: 1) { $0.fill(CGRect(x: 0, y: 0, width: 8, height: 8), with: .systemRed) }
}

/// A collection of a few boxes, for `writeFrames`.
private func boxes() -> (ASCollectionNode, AnyObject) {
    final class Source: ASCollectionDataSource {
        func collectionNode(_ collectionNode: ASCollectionNode, numberOfItemsInSection section: Int) -> Int { 4 }
        func collectionNode(_ collectionNode: ASCollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> ASCellNodeBlock {
            {
                let cell = ASCellNode()
                cell.style.preferredSize = CGSize(width: 40, height: 20)
                cell.backgroundColor = .systemBlue
                return cell
            }
        }
    }
    let node = ASCollectionNode(frame: CGRect(x: 0, y: 0, width: 40, height: 40), collectionViewLayout: UICollectionViewFlowLayout())
    let source = Source()
    node.dataSource = source
    return (node, source)
}

@Suite struct OutputReliabilityTests {
    @Test func aFileWhereTheFolderShouldBeIsNamed() throws {
        let scratch = Scratch("file-as-folder")
        defer { scratch.remove() }
        let blocker = scratch.path + "/frames"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("not a folder".utf8))
        let (node, source) = boxes()
        do {
            try node.writeFrames(FrameSequence.scroll(from: .zero, to: .zero, frames: 2), scale: 1, toFolder: blocker + "/run")
            Issue.record("wrote frames under a file")
        } catch let error as OutputError {
            #expect(error.description.contains(blocker + "/run/frame_0000"), "names the file: \(error)")
            #expect(error.description.contains("\(blocker) is a file, not a folder (not a directory)"), "\(error)")
        }
        #expect(throws: OutputError.self) { try PNGEncoder().write(try smallFrame(), toFile: blocker + "/x.png") }
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a folder")
        withExtendedLifetime(source) {}
    }

    @Test func aFolderInPlaceOfTheFileIsNamed() throws {
        let scratch = Scratch("folder-as-file")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path + "/frame.png", withIntermediateDirectories: true)
        do {
            try PNGEncoder().write(try smallFrame(), toFile: scratch.path + "/frame.png")
            Issue.record("wrote over a folder")
        } catch {
            #expect(error as? OutputError == .cannotWrite(path: scratch.path + "/frame.png", reason: "is a directory"))
        }
        #expect(scratch.contents == ["frame.png"], "no temporary file left: \(scratch.contents)")
    }

    @Test(.enabled(if: canMount, "needs to mount a tmpfs")) func aReadOnlyFolderSaysSo() throws {
        var scratch = Scratch("read-only")
        defer { scratch.remove() }
        let mounted = scratch.mountTmpfs(size: "64k", readOnly: true)
        try #require(mounted)
        let (node, source) = boxes()
        do {
            try node.writeFrames(FrameSequence.scroll(from: .zero, to: .zero, frames: 3), scale: 1, toFolder: scratch.path)
            Issue.record("wrote into a read-only folder")
        } catch let error as OutputError {
            guard case let .cannotWrite(path, reason) = error else { throw error }
            #expect(path.hasPrefix(scratch.path + "/frame_0000"))
            #expect(reason == "read-only file system")
        }
        #expect(scratch.contents.isEmpty)
        withExtendedLifetime(source) {}
    }

    @Test(.enabled(if: canMount, "needs to mount a tmpfs")) func aFullDiskLeavesNoHalfWrittenFile() throws {
        var scratch = Scratch("full")
        defer { scratch.remove() }
        let mounted = scratch.mountTmpfs(size: "64k")
        try #require(mounted)
        let path = scratch.path + "/frame_00001.png"
        try Data("the old frame".utf8).write(toFile: path)
        let big = Data(repeating: 0xAB, count: 256 * 1024)
        #expect(throws: OutputError.cannotWrite(path: path, reason: "no space left on device")) { try big.write(toFile: path) }
        #expect(scratch.contents == ["frame_00001.png"], "the temporary file is gone: \(scratch.contents)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the old frame", "the file there is untouched")
    }

    @Test func aFullDeviceIsNamedInWords() throws {
        // Without a tmpfs: the write loop itself, on /dev/full.
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(throws: OutputError.cannotWrite(path: "/out/frame.png", reason: "no space left on device")) {
            try FileOutput.writeAll(Data(repeating: 1, count: 1000), to: fd, path: "/out/frame.png")
        }
    }

    @Test func systemErrorsReadAsWords() {
        #expect(OutputError.reason(errno: EACCES) == "permission denied")
        #expect(OutputError.reason(errno: ENOSPC) == "no space left on device")
        #expect(OutputError.reason(errno: ENOTDIR).hasPrefix("not a directory"))
        #expect(OutputError.reason(errno: EMFILE).contains("errno \(EMFILE)"))
        #expect(!OutputError.reason(errno: EROFS).contains("NSCocoaErrorDomain"))
    }

    @Test func writingCreatesFoldersAndReplacesWholeFiles() throws {
        let scratch = Scratch("ok")
        defer { scratch.remove() }
        let path = scratch.path + "/a/b/frame.png"
        try PNGEncoder().write(try smallFrame(), toFile: path)
        try PNGEncoder().write(try smallFrame(), toFile: path)
        #expect(FileManager.default.contents(atPath: path) == PNGEncoder().encode(try smallFrame()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/a/b") == ["frame.png"])
        let relative = "weft-relative-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: FileManager.default.currentDirectoryPath + "/" + relative) }
        try Data("x".utf8).write(toFile: relative + "/inner/file.txt")
        #expect(FileManager.default.fileExists(atPath: relative + "/inner/file.txt"))
    }
}
