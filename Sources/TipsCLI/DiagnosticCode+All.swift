import TipsCheck
import TipsCompile
import TipsDriver
import TipsPreview
import TipsScenario
import TipsSource
import TipsSwiftGen
import TipsSyntax

extension DiagnosticCode {
    /// Every code any pass of `tipc` reports, each pass's registry in the order of the docs;
    /// tests hold it against `Docs/diagnostics.md` and `Docs/diff.md`.
    package static let all: [DiagnosticCode] =
        syntaxCodes + checkerCodes + swiftGenCodes + compilerCodes + lintCodes + translationCodes + previewCodes + scenarioCodes + publishCodes + changeCodes
}
