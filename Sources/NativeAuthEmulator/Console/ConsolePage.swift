/// A page of the emulator's console (`/_emulator/console`): server-rendered HTML, no script (the
/// pages' Content-Security-Policy allows none; a live page reloads itself with `<meta refresh>`),
/// every table, form, field and button with an `id`, so that a headless browser (and a person)
/// finds them. Every value shown is escaped (``HTMLText``).
struct ConsolePage: Sendable {
    /// What the page is about: its `<h1>` and `<title>`.
    var title: String
    /// The tenant the page is for (its subdomain), carried by the links and forms; nil: the demo tenant.
    var tenant: String?
    /// The value every form carries (``ConsoleSession/csrfValue(token:)``); nil: the login page (no navigation).
    var csrf: String?
    /// A line of news after an action (`id="notice"`), or an error (`id="error"`).
    var notice: String? = nil
    var error: String? = nil
    /// Seconds after which the page reloads itself (a live list).
    var refreshSeconds: Int? = nil
    /// The page's HTML after the title, built with the helpers below.
    var content: String = ""
    /// The status to answer with.
    var status: Int = 200

    /// The console's pages, as the navigation lists them: path under the console, and name.
    static let sections: [(path: String, name: String)] = [
        ("", "Tenants"), ("users", "Users"), ("codes", "Codes sent"), ("requests", "Request log"), ("faults", "Faults"),
    ]

    /// The path of a console page, for `tenant`.
    static func link(_ path: String, tenant: String?) -> String {
        let base = path.isEmpty ? ConsoleSession.path : "\(ConsoleSession.path)/\(path)"
        guard let tenant, !path.isEmpty else { return base }
        return "\(base)?tenant=\(tenant.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tenant)"
    }

    /// The page as a browser answer.
    var reply: WebReply {
        WebReply(status: status, html: html, location: nil)
    }

    var html: String {
        var body = "<p class=\"banner\">NativeAuth emulator console — a local test double, not secure</p>\n"
        if let csrf {
            body += "<nav id=\"nav\">"
            for section in Self.sections {
                let id = section.path.isEmpty ? "nav-tenants" : "nav-\(section.path)"
                body += "<a id=\"\(id)\" href=\"\(HTMLText.escape(Self.link(section.path, tenant: tenant)))\">\(section.name)</a> "
            }
            body += Self.form(id: "logout", action: "\(ConsoleSession.path)/logout", csrf: csrf, fields: [], button: "Sign out")
            body += "</nav>\n"
            body += "<p id=\"tenant\">Tenant: <strong>\(HTMLText.escape(tenant ?? "the demo tenant"))</strong></p>\n"
        }
        body += "<h1 id=\"title\">\(HTMLText.escape(title))</h1>\n"
        if let notice { body += "<p id=\"notice\" class=\"notice\" role=\"status\">\(HTMLText.escape(notice))</p>\n" }
        if let error { body += "<p id=\"error\" class=\"error\" role=\"alert\">\(HTMLText.escape(error))</p>\n" }
        body += content
        let refresh = refreshSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">\n" } ?? ""
        return HTMLDocument.html(title: "\(title) — NativeAuth emulator console", style: Self.style, head: refresh, body: body)
    }

    /// A table (`id`), its header row and its rows, every cell escaped; a row's first cell may be
    /// given an `id` by the caller's `rowIds`.
    static func table(id: String, headers: [String], rows: [[String]], rowIds: [String]? = nil, actions: [String]? = nil) -> String {
        var html = "<table id=\"\(id)\">\n<thead><tr>"
        for header in headers { html += "<th>\(HTMLText.escape(header))</th>" }
        if actions != nil { html += "<th></th>" }
        html += "</tr></thead>\n<tbody>\n"
        for (index, row) in rows.enumerated() {
            let rowId = rowIds.map { " id=\"\(HTMLText.escape($0[index]))\"" } ?? ""
            html += "<tr\(rowId)>"
            for cell in row { html += "<td>\(HTMLText.escape(cell))</td>" }
            if let actions { html += "<td class=\"actions\">\(actions[index])</td>" }
            html += "</tr>\n"
        }
        if rows.isEmpty { html += "<tr><td colspan=\"\(headers.count + (actions == nil ? 0 : 1))\" class=\"empty\">None.</td></tr>\n" }
        return html + "</tbody>\n</table>\n"
    }

    /// A field of a form.
    struct Field: Sendable {
        var name: String
        var label: String?
        var type: String = "text"
        var value: String = ""
        var options: [String]? = nil
        var required = true
    }

    /// A form that posts to `action` with the console's `csrf` value, its fields (labelled when they
    /// have a label, hidden otherwise) and one button (`id` + `-submit`).
    static func form(id: String, action: String, csrf: String?, fields: [Field], button: String) -> String {
        var html = "<form id=\"\(HTMLText.escape(id))\" method=\"post\" action=\"\(HTMLText.escape(action))\" class=\"inline\">"
        if let csrf { html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(csrf))\">" }
        for field in fields {
            let fieldId = HTMLText.escape("\(id)-\(field.name)")
            guard let label = field.label else {
                html += "<input type=\"hidden\" name=\"\(HTMLText.escape(field.name))\" value=\"\(HTMLText.escape(field.value))\">"
                continue
            }
            html += "<label for=\"\(fieldId)\">\(HTMLText.escape(label))</label>"
            if let options = field.options {
                html += "<select id=\"\(fieldId)\" name=\"\(HTMLText.escape(field.name))\">"
                for option in options {
                    let selected = option == field.value ? " selected" : ""
                    html += "<option value=\"\(HTMLText.escape(option))\"\(selected)>\(HTMLText.escape(option))</option>"
                }
                html += "</select>"
            } else {
                html += "<input id=\"\(fieldId)\" name=\"\(HTMLText.escape(field.name))\" type=\"\(field.type)\" "
                    + "value=\"\(HTMLText.escape(field.value))\"\(field.required ? " required" : "")>"
            }
        }
        return html + "<button id=\"\(HTMLText.escape(id))-submit\" type=\"submit\">\(HTMLText.escape(button))</button></form>\n"
    }

    private static let style = """
        body{font-family:system-ui,sans-serif;background:#f2f2f2;margin:0;padding:1.5rem 1rem;color:#1b1b1b}\
        main{max-width:72rem;margin:0 auto;background:#fff;padding:1.5rem 2rem;box-shadow:0 2px 6px rgba(0,0,0,.2)}\
        .banner{font-size:.8rem;color:#6b4e00;background:#fff4ce;padding:.4rem .6rem;margin:0 0 1rem}\
        nav{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin-bottom:.6rem}nav a{color:#0067b8}\
        h1{font-size:1.4rem;margin:.4rem 0 .8rem}h2{font-size:1.1rem;margin:1.4rem 0 .5rem}\
        table{border-collapse:collapse;width:100%;font-size:.9rem;margin:.4rem 0}\
        th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top;word-break:break-all}\
        th{background:#f6f6f6}.empty{color:#666}.actions{white-space:nowrap}\
        form.inline{display:inline-flex;gap:.4rem;align-items:center;flex-wrap:wrap;margin:.2rem .4rem .2rem 0}\
        label{font-weight:600;font-size:.9rem}input,select{font-size:.9rem;padding:.25rem .4rem;border:1px solid #8a8a8a}\
        button{font-size:.9rem;padding:.3rem .8rem;border:1px solid #0067b8;background:#0067b8;color:#fff;cursor:pointer}\
        .notice{color:#107c10;font-weight:600}.error{color:#a4262c;font-weight:600}
        """
}
