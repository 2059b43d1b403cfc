import Foundation

/// What a data source attaches to a section, asked when the section is loaded (or reloaded, or
/// moved) and read back with `ASCollectionNode.context(forSection:)`; Texture's `ASSectionContext`.
/// The collection sets `collectionView` to its view as it takes the context.
public protocol ASSectionContext: AnyObject {
    /// A name for the section, for debugging only.
    var sectionName: String? { get set }
    /// The collection view the section belongs to; the adopter holds it weakly, as Texture's does.
    var collectionView: ASCollectionView? { get set }
}

/// A section's context as the element map holds it. The context is the data source's object,
/// touched only on the main actor (where it is made and read back).
final class SectionContextBox: @unchecked Sendable {
    let context: any ASSectionContext
    init(_ context: any ASSectionContext) { self.context = context }
}

extension ASCollectionNode {
    /// The context the data source gave the section, nil when it gave none or the section does not
    /// exist; Texture's `context(forSection:)`.
    public func context(forSection section: Int) -> (any ASSectionContext)? {
        let sections = elements.sections
        return sections.indices.contains(section) ? sections[section].context?.context : nil
    }
}

extension CollectionDataLoader {
    /// Asks the data source for a section's context (`collectionNode(_:contextForSection:)`) and
    /// gives it the collection's view.
    @MainActor
    func sectionContext(_ section: Int) -> SectionContextBox? {
        guard let dataSource = collectionNode.dataSource,
              let context = dataSource.collectionNode(collectionNode, contextForSection: section) else { return nil }
        context.collectionView = collectionNode.viewMadeIfNeeded
        return SectionContextBox(context)
    }
}
