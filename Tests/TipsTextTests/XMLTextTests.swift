import Testing
import TipsText

@Suite struct XMLTextTests {
    @Test(arguments: [
        ("a & b < c > d", "a &amp; b &lt; c &gt; d", "a &amp; b &lt; c &gt; d"),
        ("say \"hi\"", "say \"hi\"", "say &quot;hi&quot;"),
        ("tab\tline\ncr\r", "tab\tline\ncr&#13;", "tab&#9;line&#10;cr&#13;"),
        ("Grüße 🚀", "Grüße 🚀", "Grüße 🚀"),
    ])
    func escapes(text: String, content: String, attribute: String) {
        #expect(XMLText.content(text) == content)
        #expect(XMLText.attribute(text) == attribute)
    }

    @Test func whatXMLCannotHold() {
        #expect(!XMLText.isAllowed("\u{0}"))
        #expect(!XMLText.isAllowed("\u{1B}"))
        #expect(!XMLText.isAllowed("\u{FFFE}"))
        #expect(XMLText.isAllowed("\t") && XMLText.isAllowed("\n") && XMLText.isAllowed("\r"))
        #expect(XMLText.isAllowed("\u{7F}") && XMLText.isAllowed("\u{10FFFF}"))
    }
}
