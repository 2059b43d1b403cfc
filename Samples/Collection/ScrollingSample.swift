import Foundation
import Weft

/// A sample of any scrolling container the `weft` command renders: a collection sample (an
/// `ASCollectionNode`, or the pager, an `ASPagerNode`, which is one) or the table sample (an
/// `ASTableNode`, which is not). What a frame needs (the offset, a snapshot, frame files) works on
/// either; what only a collection sample has (scripted edits of its posts, real-time frames) is reached through
/// `collection`. Build it on the main actor; then drive it from one thread.
public enum ScrollingSample: Sendable {
    case collection(CollectionSample)
    case table(TableSample)

    /// Every sample name: the collection samples, then `table`.
    public static let names = CollectionSample.names + TableSample.names

    /// The sample called `name` with a viewport of `viewport` points, or nil for an unknown name.
    @MainActor
    public static func make(_ name: String, viewport: CGSize, items: Int? = nil) -> ScrollingSample? {
        if let sample = CollectionSample.make(name, viewport: viewport, items: items) { return .collection(sample) }
        if let sample = TableSample.make(name, viewport: viewport, items: items) { return .table(sample) }
        return nil
    }

    public var name: String {
        switch self {
        case .collection(let sample): return sample.name
        case .table(let sample): return sample.name
        }
    }

    /// The collection sample, or nil for the table.
    public var collection: CollectionSample? {
        if case .collection(let sample) = self { return sample }
        return nil
    }

    /// The container's type name, for messages ("ASTableNode").
    public var containerName: String {
        switch self {
        case .collection(let sample): return "\(type(of: sample.collectionNode))"
        case .table: return "ASTableNode"
        }
    }

    /// Whether the content scrolls up and down (else sideways).
    public var scrollsVertically: Bool {
        switch self {
        case .collection(let sample): return sample.collectionNode.collectionViewLayout.scrollDirection == .vertical
        case .table: return true
        }
    }

    /// The offsets the content can scroll between.
    public var contentOffsetRange: (min: CGPoint, max: CGPoint) {
        switch self {
        case .collection(let sample): return sample.collectionNode.contentOffsetRange
        case .table(let sample): return sample.tableNode.contentOffsetRange
        }
    }

    /// Loads the items (rows) if they are not loaded; throws the data source's errors.
    public func loadDataIfNeeded() throws(CollectionError) {
        switch self {
        case .collection(let sample): try sample.collectionNode.loadDataIfNeeded()
        case .table(let sample): try sample.tableNode.loadDataIfNeeded()
        }
    }

    /// Scrolls to `offset` along the scrolling axis.
    public func scroll(to offset: CGFloat) {
        let point = scrollsVertically ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
        switch self {
        case .collection(let sample): sample.collectionNode.contentOffset = point
        case .table(let sample): sample.tableNode.contentOffset = point
        }
    }

    /// Scrolls so the item (row, page) at `indexPath` is at the top (left) of the viewport.
    public func scroll(toItem indexPath: IndexPath) throws(CollectionError) {
        switch self {
        case .collection(let sample):
            try sample.collectionNode.scrollToItemChecked(at: indexPath, at: scrollsVertically ? .top : .left, animated: false)
        case .table(let sample):
            try sample.tableNode.scrollToRowChecked(at: indexPath, at: .top, animated: false)
        }
    }

    /// The frame at the current offset.
    public func snapshot(scale: CGFloat) throws(CollectionError) -> Bitmap {
        switch self {
        case .collection(let sample): return try sample.collectionNode.snapshot(scale: scale)
        case .table(let sample): return try sample.tableNode.snapshot(scale: scale)
        }
    }

    /// Writes the frames of `sequence` (of `shard` only; all of them by default) into `folder`; see
    /// the containers' `writeFrames`.
    public func writeFrames(_ sequence: FrameSequence, scale: CGFloat, toFolder folder: String, shard: FrameShard = .whole,
                            encoder: PNGEncoder = .frames, threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> [String] {
        switch self {
        case .collection(let sample):
            return try sample.collectionNode.writeFrames(sequence, scale: scale, toFolder: folder, shard: shard, encoder: encoder, threads: threads,
                                                         progress: progress)
        case .table(let sample):
            return try sample.tableNode.writeFrames(sequence, scale: scale, toFolder: folder, shard: shard, encoder: encoder, threads: threads,
                                                    progress: progress)
        }
    }
}

extension ScrollingSample {
    /// Writes every frame of `sequence` into one file at `path` as `format`; see the containers'
    /// `writeVideo`.
    public func writeVideo(_ sequence: FrameSequence, scale: CGFloat, toFile path: String, format: VideoFormat, ffmpeg: String? = nil,
                           threads: Int? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> FrameVideo {
        switch self {
        case .collection(let sample):
            return try sample.collectionNode.writeVideo(sequence, scale: scale, toFile: path, format: format, ffmpeg: ffmpeg, threads: threads, progress: progress)
        case .table(let sample):
            return try sample.tableNode.writeVideo(sequence, scale: scale, toFile: path, format: format, ffmpeg: ffmpeg, threads: threads, progress: progress)
        }
    }
}

/// A table sample: the table node and the controller that hosts it and is its data source, kept
/// alive together.
public final class TableSample: @unchecked Sendable {
    // SAFETY: built once on the main actor, then driven from one thread.
    public let name: String
    public let tableNode: ASTableNode
    /// The hosting controller; it holds the node and is its (weakly held) data source.
    let controller: AnyObject

    init(name: String, tableNode: ASTableNode, controller: AnyObject) {
        self.name = name
        self.tableNode = tableNode
        self.controller = controller
    }

    /// `table`: the feed as an `ASTableNode` (see `FeedTableController`).
    public static let names = ["table"]

    /// The sample called `name` with a viewport of `viewport` points, or nil for an unknown name.
    @MainActor
    public static func make(_ name: String, viewport: CGSize, items: Int? = nil) -> TableSample? {
        switch name {
        case "table": return table(viewport: viewport, sections: max(1, (items ?? 60) / 12), rowsPerSection: min(items ?? 12, 12))
        default: return nil
        }
    }

    /// The feed as a table of `sections` days of `rowsPerSection` posts, hosted by a
    /// `FeedTableController` whose view is loaded and sized here, as a window would.
    @MainActor
    public static func table(viewport: CGSize, sections: Int, rowsPerSection: Int) -> TableSample {
        let controller = FeedTableController(sections: sections, rowsPerSection: rowsPerSection)
        controller.layout(in: viewport)
        return TableSample(name: "table", tableNode: controller.node, controller: controller)
    }
}
