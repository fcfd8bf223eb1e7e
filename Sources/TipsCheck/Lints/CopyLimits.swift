/// Thresholds of the copy lints, in one place so the docs and the tests can cite them.
package enum CopyLimits {
    /// HIG: tip titles are short and direct; 40 characters fit one line of a popover on iPhone.
    package static let maxTitleLength = 40
    /// One or two sentences fit in about 160 characters (two lines of a tip on iPhone each way).
    package static let maxMessageLength = 160
    /// HIG: one or two sentences.
    package static let maxSentences = 2
}
