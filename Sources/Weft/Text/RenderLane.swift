import CWeft
import Foundation

/// One pango font map and context, configured for deterministic text, used by one thread at a time.
///
/// pango's font maps keep unlocked caches, so a font map must never be shared between threads
/// (shared/rendering-notes.md). Weft keeps one font map per lane and lends lanes out through
/// `RenderLanePool`; pango objects made from a lane never leave the closure it was lent to.
/// Lent to one thread at a time by `RenderLanePool`; never used by two at once.
final class RenderLane: @unchecked Sendable {
    // SAFETY: RenderLanePool hands a lane to one borrower at a time, so the pango objects below are
    // never touched concurrently; pango objects are not bound to a thread, only unsafe to share.
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer

    init(configuration: FontConfiguration) {
        GLibLogBridge.installed
        fontMap = pango_cairo_font_map_new()
        pango_fc_font_map_set_config(OpaquePointer(fontMap), configuration.config)
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        context = pango_font_map_create_context(fontMap)

        // Points are device units at 72 dpi; drawing scales them with the cairo transform.
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Unrounded glyph positions keep layout independent of the scale a picture is drawn at.
        pango_context_set_round_glyph_positions(context, 0)
        // A fixed language, so LANG/LC_* cannot pick different CJK glyphs.
        pango_context_set_language(context, pango_language_from_string("en"))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }
}
