import Foundation

extension FrameComposition {
    /// How `renderBands(_:_:)` draws one frame for a consumer that reads some rows elsewhere.
    /// Sendable value.
    struct BandPlan: Sendable {
        let height: Int
        let bands: [Range<Int>]
        /// The rows the consumer reads from their source (sorted, disjoint): a store's, or a cell's
        /// raster's.
        let direct: [DirectRows]
        /// The rows not composited (sorted, disjoint): `direct`'s, but those of a band drawn whole.
        let skipped: [Range<Int>]
        /// The items not drawn at all: cells drawn as their rasters, whose rows are all in `direct`.
        let rasters: Set<Int>
    }

    /// The bands of `bandRows` rows (`bands(rows:height:)`) and the direct rows
    /// (`directRows(width:height:cells:)`) that can be read from their source. A band that holds a
    /// part that must not be split (a resampled store, whose pixels depend on the clip it is
    /// drawn in) is drawn whole: it skips no rows, and a store's rows in it are not direct. No
    /// direct rows when the frame is one band.
    ///
    /// With `cells`, a cell drawn as its raster is not drawn in the frame at all: its rows, all
    /// direct, are its raster's, in a band drawn whole too (the consumer overwrites the band's
    /// rows there), and its resampled stores hold no band back.
    func bandPlan(rows bandRows: Int, width: Int, height: Int, cells: Bool = false) -> BandPlan {
        precondition(bandRows > 0, "a band needs rows")
        guard let parts = unsplittableParts(height: height) else {
            return BandPlan(height: height, bands: [0..<height], direct: [], skipped: [], rasters: [])
        }
        let found = directRows(width: width, height: height, cells: cells)
        let rasters = Set(found.compactMap { found -> Int? in if case .cell(let raster) = found.source { raster.item } else { nil } })
        let unsplittable = parts.filter { !rasters.contains($0.item) }.map(\.rows)
        let bands = Self.bands(rows: bandRows, height: height, unsplittable: unsplittable)
        let whole = bands.filter { band in unsplittable.contains { $0.overlaps(band) } }
        var direct: [DirectRows] = [], skipped: [Range<Int>] = []
        for found in found {
            let kept = Self.rows(found.rows, less: whole)
            skipped += kept
            if case .cell = found.source {
                direct.append(found)
            } else {
                direct += kept.map { DirectRows(rows: $0, source: found.source, top: found.top) }
            }
        }
        return BandPlan(height: height, bands: bands, direct: direct, skipped: skipped, rasters: rasters)
    }
}
