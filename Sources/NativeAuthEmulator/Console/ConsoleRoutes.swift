import Foundation
import Hummingbird
import NativeAuthShared

/// The console (`/_emulator/console`, issue 34 item 6): server-rendered pages over the admin API, for
/// a person. Behind the admin token: its login page takes the token and sets the console's cookie
/// (``ConsoleSession``; ``AdminGate`` lets a signed-in browser in, and sends others to the login
/// page). Pages: the tenants (add, remove; the demo tenant's router only, given the registry), and
/// for one tenant (`?tenant=SUBDOMAIN`, ``TenantDispatch``) its users (add, disable or enable, set a
/// password), the codes sent (reloading every two seconds), the request log and the faults (queue,
/// clear). Each post checks the form's `csrf` value, acts, and answers `303 See Other` to its page.
struct ConsoleRoutes: Sendable {
    let core: EmulatorCore
    /// The instance's tenants, on the demo tenant's router.
    let tenants: TenantRegistry?
    let token: String

    private var csrf: String { ConsoleSession.csrfValue(token: token) }
    /// The subdomain of the tenant this router serves; nil: the demo tenant.
    private var tenant: String? {
        core.settings?.subdomain
    }

    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        let console = router.group("_emulator/console").add(middleware: UnexpectedErrorMiddleware<Context> { error in
            ConsoleFailure(message: "\(error)")
        })
        console.get("login") { _, _ in loginPage(error: nil).reply }
        console.post("login") { request, context in try await login(request, context: context) }
        console.post("logout") { request, context in
            _ = try await form(request, context: context)
            var response = WebReply.redirect(to: ConsoleSession.loginPath).response(from: request, context: context)
            response.headers[.setCookie] = ConsoleSession.clearCookie
            return response
        }
        if let tenants {
            console.get { request, _ in try tenantsPage(tenants, notice: request.uri.queryParameters.get("notice")).reply }
            console.post("tenants") { request, context in
                let fields = try await form(request, context: context)
                let subdomain = fields["subdomain"] ?? ""
                do {
                    _ = try await tenants.create(subdomain: subdomain)
                } catch let failure as TenantRegistry.Failure {
                    return try tenantsPage(tenants, error: Self.sentence(failure), status: 400).reply.response(from: request, context: context)
                }
                return redirect("", notice: "Made the tenant \(subdomain.lowercased()).").response(from: request, context: context)
            }
            console.post("tenants/delete") { request, context in
                let fields = try await form(request, context: context)
                let subdomain = fields["subdomain"] ?? ""
                do {
                    try tenants.remove(subdomain: subdomain)
                } catch let failure as TenantRegistry.Failure {
                    return try tenantsPage(tenants, error: Self.sentence(failure), status: 400).reply.response(from: request, context: context)
                }
                return redirect("", notice: "Removed the tenant \(subdomain.lowercased()).").response(from: request, context: context)
            }
        }
        console.get("users") { request, _ in try usersPage(notice: request.uri.queryParameters.get("notice")).reply }
        console.post("users") { request, context in try await addUser(request, context: context) }
        console.post("users/disabled") { request, context in try await setDisabled(request, context: context) }
        console.post("users/password") { request, context in try await setPassword(request, context: context) }
        console.get("codes") { _, _ in try codesPage().reply }
        console.get("requests") { _, _ in requestsPage().reply }
        console.get("faults") { request, _ in faultsPage(notice: request.uri.queryParameters.get("notice")).reply }
        console.post("faults") { request, context in try await queueFault(request, context: context) }
        console.post("faults/clear") { request, context in
            _ = try await form(request, context: context)
            core.faults.clear()
            return redirect("faults", notice: "Cleared the faults.").response(from: request, context: context)
        }
    }

    // MARK: Login

    private func loginPage(error: String?, status: Int = 200) -> ConsolePage {
        var page = ConsolePage(title: "Sign in to the console", tenant: nil, csrf: nil, error: error, status: status)
        page.content = "<p id=\"lead\">Type the emulator's admin token: printed as <code>admin token: …</code> at its start, "
            + "and in the file <code>admin-token</code> of its state folder.</p>\n"
            + ConsolePage.form(id: "login", action: ConsoleSession.loginPath, csrf: nil,
                               fields: [ConsolePage.Field(name: "token", label: "Admin token", type: "password")], button: "Sign in")
        return page
    }

    private func login<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let fields = try await posted(request, context: context)
        guard let given = fields["token"], Secrets.constantTimeEquals(given, token) else {
            return loginPage(error: "That is not the emulator's admin token.", status: 401).reply.response(from: request, context: context)
        }
        var response = WebReply.redirect(to: ConsoleSession.path).response(from: request, context: context)
        response.headers[.setCookie] = ConsoleSession.setCookie(token: token, secure: core.configuration.tls)
        return response
    }

    /// The posted form, once its `csrf` value is the console's.
    private func form<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> FormBody {
        let fields = try await posted(request, context: context)
        guard let given = fields["csrf"], Secrets.constantTimeEquals(given, csrf) else {
            throw ConsoleFailure(message: "the form is not one of this console's pages (its csrf value is missing or wrong)", status: 403)
        }
        return fields
    }

    /// The posted form; a body that is not one (another content type, a field twice) is the console's
    /// 400 page, not the protocol's error.
    private func posted<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> FormBody {
        do {
            return try await FormReader.read(request, context: context)
        } catch {
            throw ConsoleFailure(message: "the form could not be read: \(error.message)", status: 400)
        }
    }

    private func redirect(_ path: String, notice: String) -> WebReply {
        let link = ConsolePage.link(path, tenant: tenant)
        let notice = notice.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return WebReply.redirect(to: link + (link.contains("?") ? "&" : "?") + "notice=\(notice)")
    }

    // MARK: Tenants

    private func tenantsPage(_ tenants: TenantRegistry, notice: String? = nil, error: String? = nil, status: Int = 200) throws -> ConsolePage {
        var page = ConsolePage(title: "Tenants", tenant: nil, csrf: csrf, notice: notice, error: error, status: status)
        let all = try tenants.all()
        let rows = all.map { core -> [String] in
            let answer = AdminAnswer.Tenant(core)
            return [answer.subdomain, answer.tenantId, answer.clientId, answer.authority]
        }
        let actions = all.map { core -> String in
            let subdomain = AdminAnswer.Tenant(core).subdomain
            var html = "<a id=\"users-\(HTMLText.escape(subdomain))\" href=\"\(HTMLText.escape(ConsolePage.link("users", tenant: core === tenants.demo ? nil : subdomain)))\">Users</a> "
            if core !== tenants.demo {
                html += ConsolePage.form(id: "delete-\(subdomain)", action: "\(ConsoleSession.path)/tenants/delete", csrf: csrf,
                                         fields: [ConsolePage.Field(name: "subdomain", value: subdomain)], button: "Remove")
            }
            return html
        }
        page.content = ConsolePage.table(id: "tenants", headers: ["Subdomain", "Tenant ID", "Client ID", "Authority"], rows: rows,
                                         rowIds: all.map { "tenant-\(AdminAnswer.Tenant($0).subdomain)" }, actions: actions)
            + "<h2>Add a tenant</h2>\n"
            + ConsolePage.form(id: "add-tenant", action: "\(ConsoleSession.path)/tenants", csrf: csrf,
                               fields: [ConsolePage.Field(name: "subdomain", label: "Subdomain")], button: "Add")
        return page
    }

    private static func sentence(_ failure: TenantRegistry.Failure) -> String {
        switch failure {
        case .invalidSubdomain: "A subdomain is 1 to 63 letters, digits and hyphens, not starting or ending with one."
        case .tenantIdShapedSubdomain: "A subdomain cannot be shaped as a tenant ID (a GUID), which names tenants by their ID."
        case .exists: "A tenant with that subdomain exists."
        case .unknown: "There is no tenant with that subdomain."
        case .demoTenant: "The demo tenant cannot be removed."
        }
    }

    // MARK: Users

    private func usersPage(notice: String? = nil, error: String? = nil, status: Int = 200) throws -> ConsolePage {
        var page = ConsolePage(title: "Users", tenant: tenant, csrf: csrf, notice: notice, error: error, status: status)
        let users = try core.store.read { Array($0.users.values) }.sorted { $0.username < $1.username }
        let rows = users.map { user in
            [user.username, user.method == .password ? "password" : "email code", user.displayName, user.id,
             user.disabled == true ? "disabled" : "enabled"]
        }
        let actions = users.map { user -> String in
            let key = Self.slug(user.username)
            var html = ConsolePage.form(
                id: "toggle-\(key)", action: ConsolePage.link("users/disabled", tenant: tenant), csrf: csrf,
                fields: [ConsolePage.Field(name: "username", value: user.username),
                         ConsolePage.Field(name: "disabled", value: user.disabled == true ? "false" : "true")],
                button: user.disabled == true ? "Enable" : "Disable")
            if user.method == .password {
                html += ConsolePage.form(
                    id: "password-\(key)", action: ConsolePage.link("users/password", tenant: tenant), csrf: csrf,
                    fields: [ConsolePage.Field(name: "username", value: user.username),
                             ConsolePage.Field(name: "password", label: "New password", type: "password")],
                    button: "Set password")
            }
            return html
        }
        page.content = ConsolePage.table(id: "users", headers: ["Username", "Signs in with", "Display name", "Object ID", "Account"],
                                         rows: rows, rowIds: users.map { "user-\(Self.slug($0.username))" }, actions: actions)
            + "<h2>Add a user</h2>\n"
            + ConsolePage.form(id: "add-user", action: ConsolePage.link("users", tenant: tenant), csrf: csrf, fields: [
                ConsolePage.Field(name: "username", label: "Username", type: "email"),
                ConsolePage.Field(name: "method", label: "Signs in with", value: "otp", options: ["otp", "password"]),
                ConsolePage.Field(name: "password", label: "Password", type: "password", required: false),
                ConsolePage.Field(name: "displayName", label: "Display name", required: false),
            ], button: "Add")
        return page
    }

    private func addUser<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let fields = try await form(request, context: context)
        let method = SignInMethod(rawValue: fields["method"] ?? "") ?? .otp
        let user = SeedFile.User(username: fields["username"] ?? "", method: method,
                                 password: fields["password"].flatMap { $0.isEmpty ? nil : $0 },
                                 passwordHash: nil, displayName: fields["displayName"].flatMap { $0.isEmpty ? nil : $0 })
        // The name the record will have, so that the check below is of the user it would replace.
        let username = user.recordedUsername
        do {
            try core.update { state in
                guard state.users[UserRecord.key(username)] == nil else {
                    throw SeedFile.Invalid(description: "there is a user \(username) already")
                }
                state.upsert(try SeedFile(users: [user]).records(existing: state.users))
            }
        } catch let invalid as SeedFile.Invalid {
            return try usersPage(error: "The user could not be added: \(invalid.description).", status: 400).reply
                .response(from: request, context: context)
        }
        return redirect("users", notice: "Added \(username).").response(from: request, context: context)
    }

    private func setDisabled<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let fields = try await form(request, context: context)
        let username = fields["username"] ?? ""
        let disabled = fields["disabled"] == "true"
        let found = try core.update { state -> Bool in
            guard var user = state.users[UserRecord.key(username)] else { return false }
            user.disabled = disabled ? true : nil
            state.users[UserRecord.key(username)] = user
            return true
        }
        guard found else {
            return try usersPage(error: "There is no user \(username).", status: 404).reply.response(from: request, context: context)
        }
        return redirect("users", notice: "\(disabled ? "Disabled" : "Enabled") \(username).").response(from: request, context: context)
    }

    private func setPassword<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let fields = try await form(request, context: context)
        let username = fields["username"] ?? ""
        let password = fields["password"] ?? ""
        guard !password.isEmpty else {
            return try usersPage(error: "Type the new password.", status: 400).reply.response(from: request, context: context)
        }
        let hash = PasswordHasher.hash(password)
        let found = try core.update { state -> Bool in
            guard var user = state.users[UserRecord.key(username)], user.method == .password else { return false }
            user.passwordHash = hash
            state.users[UserRecord.key(username)] = user
            return true
        }
        guard found else {
            return try usersPage(error: "There is no password user \(username).", status: 404).reply.response(from: request, context: context)
        }
        return redirect("users", notice: "Set the password of \(username).").response(from: request, context: context)
    }

    // MARK: Codes, requests, faults

    private func codesPage() throws -> ConsolePage {
        var page = ConsolePage(title: "Codes sent", tenant: tenant, csrf: csrf, refreshSeconds: 2)
        let sent = core.outbox.all()
        let rows = sent.map { entry in
            [entry.userKey, entry.record.code, Timestamps.iso8601(entry.record.sentAt), Timestamps.iso8601(entry.record.expiresAt)]
        }
        page.content = "<p id=\"lead\">The codes this instance sent, newest first (the page reloads every two seconds).</p>\n"
            + ConsolePage.table(id: "codes", headers: ["To", "Code", "Sent", "Expires"], rows: rows)
        return page
    }

    private func requestsPage() -> ConsolePage {
        var page = ConsolePage(title: "Request log", tenant: tenant, csrf: csrf)
        let rows = core.requestLog.snapshot().reversed().map { entry in
            [Timestamps.iso8601(entry.time), entry.method, entry.path, String(entry.status),
             entry.fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "), entry.fault ? "fault" : ""]
        }
        page.content = "<p id=\"lead\">The requests this instance answered, newest first (secrets redacted).</p>\n"
            + ConsolePage.table(id: "requests", headers: ["Time", "Method", "Path", "Status", "Form", ""], rows: rows)
        return page
    }

    private func faultsPage(notice: String? = nil, error: String? = nil, status: Int = 200) -> ConsolePage {
        var page = ConsolePage(title: "Faults", tenant: tenant, csrf: csrf, notice: notice, error: error, status: status)
        let rows = core.faults.pending.map { pending in
            [pending.fault.endpoint, pending.fault.status.map(String.init) ?? "—", pending.fault.delayMs.map { "\($0) ms" } ?? "—",
             pending.fault.dropConnection == true ? "yes" : "no", String(pending.remaining)]
        }
        page.content = ConsolePage.table(id: "faults", headers: ["Endpoint", "Status", "Delay", "Drops the connection", "Requests left"],
                                         rows: rows)
            + "<h2>Queue a fault</h2>\n"
            + ConsolePage.form(id: "add-fault", action: ConsolePage.link("faults", tenant: tenant), csrf: csrf, fields: [
                ConsolePage.Field(name: "endpoint", label: "Endpoint", value: "token", options: Fault.endpoints.sorted()),
                ConsolePage.Field(name: "status", label: "Status", type: "number", value: "503"),
                ConsolePage.Field(name: "count", label: "Requests", type: "number", value: "1"),
            ], button: "Queue")
            + ConsolePage.form(id: "clear-faults", action: ConsolePage.link("faults/clear", tenant: tenant), csrf: csrf, fields: [],
                               button: "Clear the faults")
        return page
    }

    private func queueFault<Context: EmulatorRequestContext>(_ request: Request, context: Context) async throws -> Response {
        let fields = try await form(request, context: context)
        var fault: [String: Any] = ["endpoint": fields["endpoint"] ?? ""]
        if let status = fields["status"].flatMap(Int.init) { fault["status"] = status }
        if let count = fields["count"].flatMap(Int.init) { fault["count"] = count }
        do {
            core.faults.enqueue(try AdminRequests.fault(try JSONSerialization.data(withJSONObject: fault)))
        } catch let error as AdminError {
            return faultsPage(error: "The fault could not be queued: \(error.message).", status: 400).reply.response(from: request, context: context)
        }
        return redirect("faults", notice: "Queued the fault.").response(from: request, context: context)
    }

    /// A username as the piece of an element's `id`: letters and digits, the rest as `-`.
    static func slug(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

/// A console request that failed: an HTML page with the message (as a web page's errors are).
struct ConsoleFailure: Error, HTTPResponseError {
    var message: String
    var status: HTTPResponse.Status = .internalServerError

    init(message: String, status: Int = 500) {
        self.message = message
        self.status = HTTPResponse.Status(code: status)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var page = ConsolePage(title: "Something went wrong", tenant: nil, csrf: nil, error: message, status: status.code)
        page.content = "<p><a id=\"back\" href=\"\(ConsoleSession.path)\">Back to the console</a></p>\n"
        return page.reply.response(from: request, context: context)
    }
}
