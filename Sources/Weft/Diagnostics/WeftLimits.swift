import Foundation

/// The limits past which Weft refuses input with an error (or, where Texture's spelling does not
/// throw, a `WeftDiagnostic` and a documented repair) instead of running out of memory, time or
/// stack. Each error that enforces one shows the value the caller passed. Listed in
/// docs/reliability.md.
public enum WeftLimits {
    /// Items in one section of a collection, table or pager.
    public static let maximumItemsPerSection = 10_000_000
    /// Items in all sections together.
    public static let maximumItems = 10_000_000
    /// Sections of a collection.
    public static let maximumSections = 1_000_000
    /// Threads for compositing and encoding (`WEFT_THREADS`, `WeftThreads`): more gains nothing
    /// on any machine Weft runs on, and each holds a frame's worth of buffers.
    public static let maximumThreads = 256
    /// Frames in one `FrameSequence`.
    public static let maximumFrames = 1_000_000
    /// The frame rate a `FrameSequence` samples update animations at.
    public static let maximumFramesPerSecond = 1_000
    /// Screenfuls a range (display or preload) may reach beyond the viewport; larger tuning
    /// parameters (infinity included) are clamped and reported. A million screens is every item of
    /// any list `maximumItems` allows, while the range stays a finite rect.
    public static let maximumRangeScreenfuls: CGFloat = 1_000_000
    /// Seconds a deterministic frame waits for a batch fetch started before it; past it the frame
    /// is rendered without the fetch's items and the wait is reported, so a fetch that never
    /// completes cannot hang a frame sequence.
    public static let batchFetchWait: TimeInterval = 30
    /// Seconds any of Weft's blocking waits (for a node another thread is making, a display job, a
    /// batch update, a node-creation thread) lasts before it gives up with a diagnostic, so a node
    /// block or data source that never returns cannot hang a render; see `BlockingWait`.
    public static let blockingWait: TimeInterval = 120
    /// Magnitude, in points, of a scroll view's or collection's content inset, content offset and
    /// content size, and of a layout's spacing, insets and item sizes: larger values (1e300) are
    /// clamped and reported, so sums of them stay exact enough to place a pixel. A billion points
    /// is 25 million rows of 40 pt, more than `maximumItems` needs.
    public static let maximumScrollExtent: CGFloat = 1_000_000_000
    /// Collections and tables drawn inside one another's cells (a feed of carousels of cards is 3):
    /// a deeper one is drawn as its background alone, reported. Each level is a whole snapshot on
    /// the stack, so this is far below `maximumTreeDepth`: past a few hundred levels the drawing
    /// would move to a fresh thread for stack, where a nested load waiting for the main actor
    /// (which waits for that thread) could not go on.
    public static let maximumNestedCollections = 100
    /// Depth of a node tree that can be laid out and rendered (a node with no supernode has depth 1).
    public static let maximumTreeDepth = 1_000
    /// Cells (devices × styles × text sizes × directions) of one `SnapshotMatrix`; a larger
    /// matrix is refused before anything is rendered. A thousand goldens is already minutes of
    /// rendering and hundreds of megabytes in a repository; split a larger matrix by device.
    public static let maximumMatrixCombinations = 1_000
    /// Font point size; larger sizes are clamped and reported.
    public static let maximumFontSize: CGFloat = 10_000
    /// Bytes of an image file; a larger file (or a device, FIFO or directory) is refused before it
    /// is read. 256 MiB is more than a PNG or JPEG of the largest `Bitmap` needs in practice.
    public static let maximumImageFileBytes = 256 << 20
    /// Seconds a display or layout of an `ASNetworkImageNode` waits for its image to load (a file,
    /// a `data:` URL, or a plugged-in downloader) before it goes on with the default image, the
    /// wait reported; an image arriving later is shown by the next display.
    public static let networkImageWait: TimeInterval = 30
    /// Bytes of decoded pixels `ASNetworkImageNode` keeps of local image files it read with
    /// `shouldCacheImage` (the default), least recently used out first.
    public static let localImageCacheBytes = 64 << 20
    /// Local image files whose decoded images are kept at most.
    public static let localImageCacheEntries = 1_024
    /// UTF-16 units (`NSAttributedString.length`) of one text node's text; the rest is dropped and
    /// reported, so one layout stays bounded (a few hundred milliseconds in a debug build).
    public static let maximumTextLength = 100_000
    /// Magnitude of a text length in points that is not a font size (kern, baseline offset, line
    /// spacing, paragraph spacing, indent); larger values are clamped and reported. Beyond it pango's
    /// 32-bit fixed-point units overflow.
    public static let maximumTextSpacing: CGFloat = 10_000
    /// Width and height of laid-out text, in points; text wraps and is truncated there (reported).
    /// pango's 32-bit coordinates (1/1024 pt) wrap around past 2,097,151 pt.
    public static let maximumTextExtent: CGFloat = 1_000_000
    /// Text layouts kept for reuse across nodes (`TextMeasurementCache`), least recently used out
    /// first: a feed's repeated styles stay in it with room for the varied text around them.
    public static let textMeasurementCacheEntries = 4_096
    /// Bytes those layouts may hold (their strings and runs, estimated with Swift's overheads). A
    /// feed's repeated shapes are short; long text is rarely repeated, so the budget stays small.
    public static let textMeasurementCacheBytes = 4 << 20
    /// Elements of one `Path` or `UIBezierPath`, and segments of one path filled, stroked or
    /// clipped in a `CGContext` (each curve and arc counted as the straight segments cairo flattens
    /// it into, a wide stroke's segments weighted by its width); more are dropped, reported. cairo's
    /// work grows with the square of a path's crossings: a million self-crossing segments never
    /// finish stroking, 10,000 take 1.5–2.3 s. At this limit the worst case, every segment crossing
    /// nearly every other on a 300-point canvas at scale 3, fills and strokes in 0.4 s (1-point
    /// line), 0.9 s (300-point round-joined line) in a debug build on a 2-core machine shared with
    /// other builds (`DrawingReliabilityTests.theWorstPathAtTheLimitIsQuick`).
    public static let maximumPathElements = 4_000
    /// Magnitude of a path coordinate or radius, in points; larger values are clamped and reported.
    /// It leaves room for a list of `maximumItems` rows drawn in one space, far short of where
    /// cairo's arcs loop per tolerance step (a radius of 1e300 never finishes).
    public static let maximumPathCoordinate: CGFloat = 1_000_000_000
    /// Stroke width in points; wider is clamped and reported. A wider line covers any bitmap Weft
    /// makes, and cairo's round joins grow with the width.
    public static let maximumLineWidth: CGFloat = 10_000
    /// Device pixels per point a transform may give in either direction (and its inverse too);
    /// `translateBy`, `scaleBy`, `rotate` and `concatenate` past it, or to a NaN, infinite or
    /// singular transform, keep the previous transform, reported. A singular matrix puts cairo in
    /// an error state that silently stops all later drawing.
    public static let maximumTransformScale: CGFloat = 100_000
    /// Lengths in one dash pattern; a longer pattern is dropped (a solid line), reported.
    public static let maximumDashCount = 1_024
    /// Points a layer's `shadowRadius` may blur by; a larger (or infinite) radius is clamped to
    /// it, reported. The blur's work grows with the radius in device pixels.
    public static let maximumShadowRadius: CGFloat = 200
    /// Seconds `ffmpeg` may go without reading any of a frame's bytes, or, once its input has
    /// ended, without exiting or using the processor; past it ffmpeg is stopped and the video fails with
    /// `OutputError.ffmpegStalled`, so an ffmpeg that hangs cannot hang a render.
    public static let ffmpegStallWait: TimeInterval = 120
}
