import Foundation
import Weft

/// Places a PNG cannot be written to.
enum OutputCases {
    static func bitmap() throws -> Bitmap { try Fixture.box(CGSize(width: 8, height: 8)).renderBitmap(scale: 1) }

    static let all: [HostileCase] = [
        HostileCase(category: .output, name: "read-only-location") {
            try Expect.error(containing: "/sys/weft-hostile.png", "permission") { try PNGEncoder().write(try bitmap(), toFile: "/sys/weft-hostile.png") }
        },
        HostileCase(category: .output, name: "file-in-place-of-a-folder") {
            let folder = Fixture.folder()
            let file = folder + "/plain-file"
            _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
            try Expect.error(containing: file, "not a directory") { try PNGEncoder().write(try bitmap(), toFile: file + "/frame.png") }
        },
        HostileCase(category: .output, name: "empty-path") {
            try Expect.error(containing: "path") { try PNGEncoder().write(try bitmap(), toFile: "") }
        },
        HostileCase(category: .output, name: "full-filesystem-leaves-no-half-frame") {
            let mountPoint = Fixture.folder()
            guard mountTinyFilesystem(at: mountPoint) else {
                print("skipped: cannot mount a tmpfs here (not root)")
                return
            }
            defer { _ = umount(mountPoint) }
            let collection = ScriptedCollection(viewport: CGSize(width: 400, height: 600)) { source in
                source.items = { _ in 200 }
                source.block = { path in
                    { let cell = ASCellNode(); cell.backgroundColor = UIColor(red: CGFloat(path.item % 17) / 17, green: CGFloat(path.item % 5) / 5, blue: 0.6, alpha: 1); return cell }
                }
            }
            let sequence = try FrameSequence.scroll(from: .zero, to: CGPoint(x: 0, y: 4000), frames: 40)
            do {
                try collection.node.writeFrames(sequence, scale: 2, toFolder: mountPoint)
                throw HostileFailure("40 frames fitted in a 64 KiB filesystem")
            } catch let failure as HostileFailure {
                throw failure
            } catch {
                let text = "\(error)"
                try Expect.that(text.contains(mountPoint), "the error \"\(text)\" does not name the file")
                try Expect.that(text.lowercased().contains("space"), "the error \"\(text)\" does not say the disk is full")
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: mountPoint)) ?? [] {
                let path = mountPoint + "/" + name
                let data = FileManager.default.contents(atPath: path) ?? Data()
                do { _ = try UIImage(decoding: data) } catch {
                    throw HostileFailure("a half-written file was left behind: \(name) (\(data.count) bytes)")
                }
            }
        },
    ]

    /// Mounts a 64 KiB tmpfs, so writes run out of space; false when this process may not mount.
    static func mountTinyFilesystem(at path: String) -> Bool {
        mount("tmpfs", path, "tmpfs", 0, "size=64k") == 0
    }
}
