import TipsSource

extension CatalogChecker {
    /// ``checkTip(_:)``, or the earlier result for the tip when ``tipReuse`` has one; records
    /// the outcome when asked to.
    mutating func checkTipReusing(_ index: Int) {
        if index < tipReuse.reusable.count, let hit = tipReuse.reusable[index] {
            model.tips[index] = hit.tip
            diagnostics += hit.diagnostics
            tipReuse.reused += 1
            if tipReuse.isRecording { tipReuse.recorded.append(hit) }
            return
        }
        let before = diagnostics.count
        checkTip(index)
        if tipReuse.isRecording {
            tipReuse.recorded.append(TipReuse.CheckedTip(tip: model.tips[index],
                                                         diagnostics: Array(diagnostics[before...])))
        }
    }
}
