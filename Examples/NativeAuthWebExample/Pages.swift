import Foundation
import Hummingbird

/// The site's pages: plain HTML whose script drives the JSON API (every step's answer says what
/// the next one is), so that a person, a browser test and a script see the same API.
enum Pages {
    /// `GET /`, `/signin`, `/signup`, `/reset`, `/me`.
    static func register(on router: Router<SiteContext>) {
        router.get("/") { _, _ in html("NativeAuth example", """
            <p><a id="go-signin" href="/signin">Sign in</a> · <a id="go-signup" href="/signup">Sign up</a> ·
            <a id="go-reset" href="/reset">Reset your password</a> · <a id="go-me" href="/me">Me</a></p>
            """) }
        router.get("/signin") { _, _ in flowPage("Sign in", flow: "signin", askPassword: false) }
        router.get("/signup") { _, _ in flowPage("Sign up", flow: "signup", askPassword: true) }
        router.get("/reset") { _, _ in flowPage("Reset your password", flow: "reset", askPassword: false) }
        router.get("/me") { _, _ in html("Me", """
            <pre id="me">…</pre>
            <button id="signout" type="button">Sign out</button>
            <script>
            (async () => {
              const me = document.getElementById('me');
              try {
                const answer = await fetch('/api/me', {credentials: 'same-origin'});
                served(answer);
                me.textContent = answer.status === 401 ? 'Not signed in.' : await answer.text();
                me.dataset.status = answer.status;
              } catch (error) {
                me.textContent = 'The site could not be reached: ' + error;
                me.dataset.status = 'unreachable';
              }
            })();
            // Signed out only when the site says so: a sign-out that could not happen (the database
            // down, a refused request) must not tell the person at a shared computer that it did.
            document.getElementById('signout').onclick = async () => {
              const me = document.getElementById('me');
              try {
                const answer = await post('/api/signout', {});
                served(answer);
                if (answer.ok) {
                  me.textContent = 'Signed out.';
                  me.dataset.status = 'signed-out';
                  return;
                }
                const body = await answer.json().catch(() => ({}));
                me.textContent = 'You are still signed in: ' + (body.message || 'the site answered ' + answer.status + '.');
              } catch (error) {
                me.textContent = 'You are still signed in: the site could not be reached.';
              }
              me.dataset.status = 'signout-failed';
            };
            </script>
            """) }
    }

    /// A flow's page: the username (and, for a sign-up, an optional password), then each step the
    /// API names.
    private static func flowPage(_ title: String, flow: String, askPassword: Bool) -> Response {
        html(title, """
            <form id="start-form">
              <label>Email <input id="username" name="username" type="email" autocomplete="username" required></label>
              \(askPassword ? #"<label>Password (optional) <input id="new-password" type="password" autocomplete="new-password"></label>"# : "")
              <button id="start" type="submit">Continue</button>
            </form>
            <form id="step-form" hidden>
              <p id="prompt"></p>
              <div id="fields"></div>
              <button id="submit" type="submit">Continue</button>
              <button id="resend" type="button" hidden>Send a new code</button>
            </form>
            <p id="message" role="status"></p>
            <script>
            const flow = '\(flow)';
            const base = '/api/' + flow;
            let step = null;
            const $ = (id) => document.getElementById(id);
            function show(answer, body) {
              if (body.signedIn) { $('message').textContent = 'Signed in as ' + body.signedIn.username; location.href = '/me'; return; }
              if (body.error) { $('message').textContent = body.error + ': ' + (body.message || ''); $('message').dataset.error = body.error; return; }
              $('message').dataset.error = '';
              if (!body.next) { $('message').textContent = 'A new code was sent to ' + body.sentTo; return; }
              step = body.next;
              $('start-form').hidden = true;
              $('step-form').hidden = false;
              $('resend').hidden = !(step === 'code' || step === 'mfa_code');
              const fields = $('fields');
              fields.innerHTML = '';
              const input = (id, type, label) => {
                const wrapper = document.createElement('label');
                wrapper.textContent = label + ' ';
                const field = document.createElement('input');
                field.id = id; field.type = type; field.required = true;
                wrapper.appendChild(field); fields.appendChild(wrapper);
              };
              if (step === 'code' || step === 'mfa_code') {
                $('prompt').textContent = 'Enter the ' + body.codeLength + '-digit code sent to ' + body.sentTo + '.';
                input('code', 'text', 'Code');
              } else if (step === 'password' || step === 'new_password') {
                $('prompt').textContent = step === 'password' ? 'Enter your password.' : 'Choose a new password.';
                input('password', 'password', 'Password');
              } else if (step === 'mfa') {
                $('prompt').textContent = 'Choose where to send a second code.';
                const select = document.createElement('select'); select.id = 'method';
                for (const method of body.methods) {
                  const option = document.createElement('option');
                  option.value = method.id; option.textContent = method.channel + ' ' + (method.loginHint || '');
                  select.appendChild(option);
                }
                fields.appendChild(select);
              } else if (step === 'attributes') {
                $('prompt').textContent = 'A few more details.';
                for (const attribute of body.attributes) input('attribute-' + attribute.name, 'text', attribute.name);
                fields.dataset.names = JSON.stringify(body.attributes.map((a) => a.name));
              }
            }
            $('start-form').onsubmit = async (event) => {
              event.preventDefault();
              const body = {username: $('username').value};
              if ($('new-password') && $('new-password').value) body.password = $('new-password').value;
              const answer = await post(base, body);
              show(answer, await answer.json());
            };
            $('step-form').onsubmit = async (event) => {
              event.preventDefault();
              let path, body;
              if (step === 'code') { path = base + '/code'; body = {code: $('code').value}; }
              else if (step === 'mfa_code') { path = '/api/signin/mfa/code'; body = {code: $('code').value}; }
              else if (step === 'password' || step === 'new_password') { path = base + '/password'; body = {password: $('password').value}; }
              else if (step === 'mfa') { path = '/api/signin/mfa'; body = {methodId: $('method').value}; }
              else if (step === 'attributes') {
                path = base + '/attributes'; body = {attributes: {}};
                for (const name of JSON.parse($('fields').dataset.names)) body.attributes[name] = $('attribute-' + name).value;
              }
              const answer = await post(path, body);
              show(answer, await answer.json());
            };
            $('resend').onclick = async () => {
              const answer = await post(step === 'mfa_code' ? '/api/signin/mfa/resend' : base + '/resend', {});
              show(answer, await answer.json());
            };
            </script>
            """)
    }

    /// A page with the shared script: `post` (JSON, same origin) and `served` (which replica answered
    /// each call of the tab, listed in `#served-by` for people and tests). Its scripts and style run
    /// by a nonce of this answer's own, which its Content-Security-Policy names (``SecurityHeaders``):
    /// the pages are static text, so every `<script>` and `<style>` in them is the site's.
    private static func html(_ title: String, _ body: String) -> Response {
        let nonce = SecurityHeaders<SiteContext>.nonce()
        let template = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
            <link rel="icon" href="data:,">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.5rem 0}
            input,select{font-size:1rem;padding:.3rem}pre{background:#f4f4f4;padding:1rem;overflow:auto}#served-by{color:#888;font-size:.8rem}</style>
            <script>
            // The replicas that answered this tab's API calls, kept across its pages.
            function servedList() { return JSON.parse(sessionStorage.getItem('servedBy') || '[]'); }
            function showServed() {
              const list = document.getElementById('served-by');
              if (!list) return;  // not parsed yet: DOMContentLoaded shows it
              list.innerHTML = '';
              for (const name of servedList()) {
                const item = document.createElement('li'); item.textContent = name; list.appendChild(item);
              }
            }
            function served(answer) {
              sessionStorage.setItem('servedBy', JSON.stringify(servedList().concat([answer.headers.get('X-Served-By') || '?'])));
              showServed();
            }
            document.addEventListener('DOMContentLoaded', showServed);
            async function post(path, body) {
              const answer = await fetch(path, {method: 'POST', credentials: 'same-origin',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
              served(answer);
              return answer;
            }
            </script></head>
            <body><h1>\(title)</h1>
            \(body)
            <p><a href="/">Home</a></p>
            <ol id="served-by" aria-label="Replicas that answered"></ol>
            </body></html>
            """
        let page = template.replacingOccurrences(of: "<script>", with: #"<script nonce="\#(nonce)">"#)
            .replacingOccurrences(of: "<style>", with: #"<style nonce="\#(nonce)">"#)
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = SecurityHeaders<SiteContext>.pagePolicy(nonce: nonce)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }
}
