/// One row of the list.
public struct Item: Identifiable, Hashable, Sendable {
    public let id: Int
    public var title: String
    public var isFavorite: Bool

    public init(id: Int, title: String, isFavorite: Bool = false) {
        self.id = id
        self.title = title
        self.isFavorite = isFavorite
    }
}
