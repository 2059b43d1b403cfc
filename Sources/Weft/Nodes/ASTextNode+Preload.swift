import Foundation

/// What a text node gives up outside the preload range, as Texture's text node lets its text
/// layout caches go when it leaves the preload state: the measured layout and the pango copy of
/// the text (`TextContent`), so a cell scrolled far away keeps its text once, as the attributed
/// string it was given, plus the size it was measured in. Both come back identical when asked for:
/// the copy is made again from the same immutable string (its repairs not reported twice), and
/// the layout again in the size it was measured in (a pure function of the two).
///
/// Thread safety: the state is `textState`'s (see `ASTextNode.TextState`); copying runs outside
/// the mutex, and the copy is stored only if the node still has the text it was made from.
extension ASTextNode {
    /// Called as the node leaves the preload range (`dropCachesOutsidePreloadRange()`).
    func dropTextLayoutCaches() {
        textState.withLock { s in
            if let measured = s.measured { s.measured = (measured.constrainedSize, nil) }
            // Without attributed text the content is already the empty one: nothing to drop.
            guard s.attributedText != nil, !s.contentDropped else { return }
            // The direction stays: it is the node's, not the text's (see `TextState.follow`).
            let direction = s.request.content.layoutDirection
            s.request.content = TextContent()
            s.request.content.layoutDirection = direction
            s.contentDropped = true
        }
    }

    /// The layout request with its content, copied again from the attributed text when it was dropped.
    func currentRequest() -> TextLayoutRequest {
        let (request, text) = textState.withLock { s in (s.request, s.contentDropped ? s.attributedText : nil) }
        guard let text else { return request }
        var content = TextContent(text.value, subject: request.subject, reporting: false)
        return textState.withLock { s in
            content.layoutDirection = s.request.content.layoutDirection
            // Stored only for the same text: a text set meanwhile brought its own content.
            if s.contentDropped, s.attributedText === text {
                s.request.content = content
                s.contentDropped = false
            }
            // Dropped again, for a newer text, while this copy was made: the caller's result is
            // stale either way (the text change bumped the display generation).
            var current = s.request
            if s.contentDropped { current.content = content }
            return current
        }
    }

    /// Whether the node holds a measured text layout, and the pango copy of its text (tests).
    var holdsTextLayoutCaches: (layout: Bool, content: Bool) {
        textState.withLock { s in (s.measured?.layout != nil, !s.contentDropped && !s.request.content.isEmpty) }
    }
}
