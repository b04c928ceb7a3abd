/// The emulator's sign-in pages: plain HTML forms, no JavaScript, one step per page. Every field and
/// button has an `id`, so a headless browser (and a person) can find it.
struct SignInPage: Sendable {
    /// The `<h1>`.
    var title: String
    /// A sentence under the title.
    var lead: String
    /// An error shown above the form (`id="error"`, `role="alert"`).
    var error: String?
    /// Where the form posts (the page's own path).
    var action: String
    /// Hidden fields (the session).
    var hidden: [(String, String)] = []
    /// The input fields.
    var inputs: [Input] = []
    /// The buttons; the first is the default.
    var buttons: [Button] = []
    /// The status to answer with.
    var status: Int = 200

    struct Input: Sendable {
        var id: String
        var label: String
        var type: String = "text"
        var value: String = ""
        var autocomplete: String
        var inputMode: String? = nil
    }

    struct Button: Sendable {
        var id: String
        var label: String
        /// Buttons other than the first skip the form's `required` checks.
        var secondary: Bool = false
    }

    /// A page with a message and no form (signed in, an error that cannot go back to the app).
    static func message(title: String, lead: String, error: String? = nil, status: Int = 200) -> SignInPage {
        SignInPage(title: title, lead: lead, error: error, action: "", status: status)
    }

    var html: String {
        var body = "<p class=\"banner\">NativeAuth emulator — a local test double, not secure</p>\n"
        body += "<h1 id=\"title\">\(HTMLText.escape(title))</h1>\n"
        body += "<p id=\"lead\">\(HTMLText.escape(lead))</p>\n"
        if let error {
            body += "<p id=\"error\" class=\"error\" role=\"alert\">\(HTMLText.escape(error))</p>\n"
        }
        if !buttons.isEmpty {
            body += "<form method=\"post\" action=\"\(HTMLText.escape(action))\">\n"
            for (name, value) in hidden {
                body += "<input type=\"hidden\" name=\"\(HTMLText.escape(name))\" value=\"\(HTMLText.escape(value))\">\n"
            }
            for (index, input) in inputs.enumerated() {
                body += "<label for=\"\(input.id)\">\(HTMLText.escape(input.label))</label>\n"
                body += "<input id=\"\(input.id)\" name=\"\(input.id)\" type=\"\(input.type)\" value=\"\(HTMLText.escape(input.value))\""
                body += " autocomplete=\"\(input.autocomplete)\" required"
                if let mode = input.inputMode { body += " inputmode=\"\(mode)\"" }
                if index == 0 { body += " autofocus" }
                body += ">\n"
            }
            body += "<div class=\"buttons\">\n"
            for button in buttons {
                body += "<button id=\"\(button.id)\" name=\"action\" value=\"\(button.id)\" type=\"submit\""
                body += button.secondary ? " class=\"secondary\" formnovalidate" : ""
                body += ">\(HTMLText.escape(button.label))</button>\n"
            }
            body += "</div>\n</form>\n"
        }
        return HTMLDocument.html(title: "\(title) — NativeAuth emulator", style: Self.style, body: body)
    }

    private static let style = """
        body{font-family:system-ui,sans-serif;background:#f2f2f2;margin:0;padding:2rem 1rem;color:#1b1b1b}\
        main{max-width:26rem;margin:0 auto;background:#fff;padding:2rem;box-shadow:0 2px 6px rgba(0,0,0,.2)}\
        .banner{font-size:.8rem;color:#6b4e00;background:#fff4ce;padding:.4rem .6rem;margin:0 0 1.2rem}\
        h1{font-size:1.5rem;margin:0 0 .6rem}label{display:block;margin:1rem 0 .3rem;font-weight:600}\
        input{width:100%;box-sizing:border-box;font-size:1rem;padding:.5rem;border:1px solid #8a8a8a}\
        .error{color:#a4262c;font-weight:600}.buttons{margin-top:1.5rem;display:flex;gap:.6rem;flex-wrap:wrap}\
        button{font-size:1rem;padding:.5rem 1.2rem;border:1px solid #0067b8;background:#0067b8;color:#fff;cursor:pointer}\
        button.secondary{background:#fff;color:#0067b8}
        """
}
