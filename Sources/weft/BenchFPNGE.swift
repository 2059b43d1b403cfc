import Foundation
import Weft

/// `make bench`'s baseline for PNG encoding: fpnge (veluca93/fpnge, the fastest PNG encoder we know
/// of), built from its source on this machine and timed on the same frames as Weft's encoder.
///
/// Its source is not a Debian or PyPI package and is not vendored here, so it is used only where
/// `WEFT_FPNGE_SOURCE` names a folder holding its `fpnge.cc` and `fpnge.h` (a checkout of its
/// repository). Without one, or without a C++ compiler, the bench says "fpnge not available" and
/// prints no ratio: a ratio against anything else would not be fpnge's.
/// Used on the main thread by `BenchCommand`; not Sendable (it owns a temporary folder).
final class BenchFPNGE {
    static let environmentVariable = "WEFT_FPNGE_SOURCE"

    /// The built driver, in a temporary folder removed with this object.
    private let folder: String
    private let driver: String

    /// Whether the last frame was encoded as cairo lays it out (B, G, R, A; an fpnge with
    /// `FPNGE_ORDER_BGR`) rather than converted to RGB first.
    private(set) var readsCairoOrder = false

    /// How the frames reach fpnge, for the bench's lines.
    var input: String { readsCairoOrder ? "reading cairo's B, G, R, A bytes" : "given RGB (converted untimed: this fpnge has no BGR order)" }

    private init(folder: String) {
        self.folder = folder
        driver = folder + "/fpnge-bench"
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// fpnge built with its own flags (-O3 -march=native), or why it is not available.
    static func build() -> Result<BenchFPNGE, Unavailable> {
        guard let source = ProcessInfo.processInfo.environment[environmentVariable], !source.isEmpty else {
            return .failure(Unavailable(reason: "\(environmentVariable) is not set (a checkout of github.com/veluca93/fpnge)"))
        }
        for file in ["fpnge.cc", "fpnge.h"] where !FileManager.default.fileExists(atPath: source + "/" + file) {
            return .failure(Unavailable(reason: "no \(file) in \(source)"))
        }
        let folder = NSTemporaryDirectory() + "weft-bench-fpnge-\(getpid())"
        let made = BenchFPNGE(folder: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try driverSource.write(toFile: folder + "/driver.cc", atomically: true, encoding: .utf8)
        } catch {
            return .failure(Unavailable(reason: "cannot write its driver in \(folder): \(error)"))
        }
        // An fpnge that reads B, G, R(, A) order encodes cairo's frames as they are.
        let header = (try? String(contentsOfFile: source + "/fpnge.h", encoding: .utf8)) ?? ""
        let bgr = header.contains("FPNGE_ORDER_BGR") ? ["-DWEFT_FPNGE_BGR"] : []
        let (status, output) = run("/usr/bin/env", ["c++", "-O3", "-march=native", "-std=c++17"] + bgr + ["-I", source, source + "/fpnge.cc",
                                                    folder + "/driver.cc", "-o", made.driver])
        guard status == 0 else {
            return .failure(Unavailable(reason: "c++ could not build it (status \(status)): \(output.suffix(300))"))
        }
        return .success(made)
    }

    /// Why fpnge is not measured.
    struct Unavailable: Error {
        let reason: String
    }

    /// fpnge's median time over `repetitions` and its file's size for `frame`, read in cairo's
    /// byte order (B, G, R, A) where this fpnge can (`readsCairoOrder`), else, or with `rgb`, given
    /// as RGB (its fastest input for an opaque frame; the conversion untimed); nil for a frame that
    /// is not opaque (un-premultiplying for it is not worth a second copy of the rule) or when the
    /// driver fails.
    func encode(_ frame: Bitmap, repetitions: Int, rgb: Bool = false) -> (seconds: Double, bytes: Int)? {
        guard frame.isOpaque else { return nil }
        let input = folder + "/frame.bgra"
        let written = frame.withUnsafeBytes { pixels in
            FileManager.default.createFile(atPath: input, contents: Data(bytes: pixels.baseAddress!, count: pixels.count))
        }
        guard written else { return nil }
        let (status, output) = Self.run(driver, [input, "\(frame.pixelWidth)", "\(frame.pixelHeight)", "\(frame.bytesPerRow)", "\(repetitions)", rgb ? "rgb" : "bgra"])
        let fields = output.split(separator: " ")
        guard status == 0, fields.count == 3, let seconds = Double(fields[0]), let bytes = Int(fields[1]) else { return nil }
        if !rgb { readsCairoOrder = fields[2].trimmingCharacters(in: .whitespacesAndNewlines) == "bgra" }
        return (seconds, bytes)
    }

    /// Runs `executable` and returns its status and what it printed (standard output and error).
    private static func run(_ executable: String, _ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The driver: reads one opaque cairo ARGB32 frame (B, G, R, A bytes on the little-endian
    /// machines fpnge's SIMD code needs) and times fpnge's default level on it. Built with
    /// `WEFT_FPNGE_BGR` (an fpnge that takes `FPNGE_ORDER_BGR`), it encodes the frame as it is, four
    /// channels in cairo's byte order, unless asked for "rgb"; otherwise it makes it RGB first,
    /// untimed. It prints the median seconds, the file's bytes and which input it timed ("bgra" or "rgb").
    static let driverSource = """
        // Written by weft bench; times fpnge on one frame. Usage: fpnge-bench FRAME WIDTH HEIGHT STRIDE REPETITIONS bgra|rgb
        #include "fpnge.h"
        #include <algorithm>
        #include <chrono>
        #include <cstdio>
        #include <cstdlib>
        #include <vector>
        int main(int argc, char **argv) {
            if (argc != 7) return 2;
            bool wantsRGB = argv[6][0] == 'r';
            size_t width = strtoul(argv[2], 0, 10), height = strtoul(argv[3], 0, 10), stride = strtoul(argv[4], 0, 10);
            int repetitions = atoi(argv[5]);
            std::vector<unsigned char> bgra(stride * height);
            FILE *file = fopen(argv[1], "rb");
            if (!file || fread(bgra.data(), 1, bgra.size(), file) != bgra.size() || repetitions < 1) return 1;
            fclose(file);
            FPNGEOptions options;
            FPNGEFillOptions(&options, FPNGE_COMPRESS_LEVEL_DEFAULT, FPNGE_CICP_NONE);
            size_t channels = 3, rowBytes = width * 3;
            std::vector<unsigned char> rgb;
            const unsigned char *pixels = bgra.data();
            const char *input = "rgb";
        #ifdef WEFT_FPNGE_BGR
            if (!wantsRGB) {
                channels = 4;
                rowBytes = stride;
                options.channel_order = FPNGE_ORDER_BGR;
                input = "bgra";
            }
        #endif
            if (channels == 3) {
                rgb.resize(width * height * 3);
                for (size_t y = 0; y < height; y++)
                    for (size_t x = 0; x < width; x++)
                        for (int c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = bgra[y * stride + x * 4 + 2 - c];
                pixels = rgb.data();
            }
            std::vector<unsigned char> out(FPNGEOutputAllocSize(1, channels, width, height));
            std::vector<double> seconds;
            size_t bytes = 0;
            for (int r = 0; r < repetitions; r++) {
                auto start = std::chrono::steady_clock::now();
                bytes = FPNGEEncode(1, channels, pixels, width, rowBytes, height, out.data(), &options);
                seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            }
            std::sort(seconds.begin(), seconds.end());
            printf("%.9f %zu %s\\n", seconds[seconds.size() / 2], bytes, input);
            return 0;
        }
        """
}
