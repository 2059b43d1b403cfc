/// An element map and how many times the map it stands for was replaced: the visible map (owned
/// by `ASDataController`) or the copy the layout is prepared from (owned by `LayoutAccess`'s
/// holder). A new map is published only over the generation it was made from. Sendable value.
struct PublishedMap: Sendable {
    var map = ASElementMap()
    var generation = 0
}
