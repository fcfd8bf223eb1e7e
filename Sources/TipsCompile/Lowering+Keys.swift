import TipsCheck

extension Lowering {
    /// Persistence keys of parameters and events (each in declaration order), and the tips
    /// whose image is an asset-catalog image. Model indices are bundle indices.
    mutating func lowerKeys() {
        for (i, p) in model.parameters.enumerated() where !p.isTransient {
            guard let key = p.key else { continue }
            builder.addKey(.param, index: i, key: key)
        }
        for (i, e) in model.events.enumerated() {
            guard let key = e.key else { continue }
            builder.addKey(.event, index: i, key: key)
        }
        for (i, t) in model.tips.enumerated() where t.imageIsAsset && t.image != nil && !t.choosesImage {
            builder.markAssetImage(tip: i)
        }
    }
}
