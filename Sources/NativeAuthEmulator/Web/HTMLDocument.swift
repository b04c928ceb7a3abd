/// The document around each page the emulator serves (its sign-in pages, its console): the doctype,
/// UTF-8, a viewport for small screens, the escaped title, the page's inline style (the pages'
/// Content-Security-Policy allows inline styles and no script) and the body inside `<main>`.
enum HTMLDocument {
    /// The page's HTML; `head` (already HTML) goes before the title.
    static func html(title: String, style: String, head: String = "", body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(head)<title>\(HTMLText.escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>
        """
    }
}
