/// The help of `nativeauth emulator` and `nativeauth emulator reset`, which `nativeauth-emulator`
/// shows too: one text for the command a user types and the program that runs it.
package enum EmulatorHelp {
    package static let serveAbstract = "Run the local emulator in the foreground, printing codes as they are \"sent\"."

    package static let serveDiscussion = """
        A local, NOT SECURE test double of the native-auth server on 127.0.0.1. Demo users: \
        alice@example.com (email code), bob@example.com (password Passw0rd!). Its admin API \
        (/_emulator/: codes, clock, faults, users, reset) needs the admin token it makes at every \
        start: printed as "admin token: ..." and written to the file admin-token (mode 0600) in its \
        state folder; send it as "Authorization: Bearer TOKEN". Stops gracefully on Ctrl-C, \
        SIGTERM or SIGHUP (exit 0); SIGQUIT ends it at once (exit 131). Set \
        NATIVEAUTH_EMULATOR_FIXED_CODE to make every code that value (for tests). The emulator is \
        the program nativeauth-emulator, installed beside nativeauth: `nativeauth emulator` runs it \
        in its place.

        EXAMPLES:
          nativeauth emulator --port 8080
          NATIVEAUTH_EMULATOR_FIXED_CODE=12345678 nativeauth emulator --port 8080
          nativeauth emulator --tls --port 8443   # prints the "ca file:" to trust
          nativeauth signin alice@example.com \\
            --authority http://127.0.0.1:8080/emulator.onmicrosoft.com
          TOKEN=$(cat ~/.local/state/nativeauth/emulator/admin-token)
          curl -H "Authorization: Bearer $TOKEN" \\
            'http://127.0.0.1:8080/_emulator/codes?username=alice@example.com'
          nativeauth emulator reset    # the demo users back, as they were seeded
        """

    package static let resetAbstract = "Put the emulator's demo users back (bob@example.com's password is Passw0rd! again)."

    package static let resetDiscussion = """
        Restores the seeded state in the emulator's state folder (the embedded emulator's, \
        $NATIVEAUTH_EMULATOR_STATE_DIR, or --state-dir): the demo users and those of --seed, with \
        their passwords; users signed up since are gone, and no flow, code or refresh token is \
        left (accounts signed in there must sign in again). The tenant ID and signing key stay. \
        A `nativeauth emulator` running on the folder sees the change. No admin token is needed: \
        the folder is yours.

        EXAMPLES:
          nativeauth emulator reset
          nativeauth emulator reset --state-dir ./emulator-state --seed users.json
        """

    package static let exportAbstract = "Write a tenant's users and policies to a file (the seed file's form)."

    package static let exportDiscussion = """
        Writes the users of the emulator's demo tenant (or of --tenant) with their IDs, password \
        hashes, attributes, sign-in methods and second factors, and the tenant's sign-up policy, \
        password-reset settings and authentication contexts, as JSON that `nativeauth emulator \
        import` (or POST /_emulator/import) reads back: an export imported and exported again is \
        the same bytes. The state is the folder's (the embedded emulator's, \
        $NATIVEAUTH_EMULATOR_STATE_DIR, or --state-dir) or --database's.

        EXAMPLES:
          nativeauth emulator export users.json
          nativeauth emulator export --database postgres://ci@db:5432/emulator \\
            --tenant job42 - > job42.json
        """

    package static let importAbstract = "Make a tenant hold the users and policies of an export."

    package static let importDiscussion = """
        Replaces the users of the emulator's demo tenant (or of --tenant) with those of FILE (an \
        export, or a seed file), keeping their IDs, and sets the tenant's policies to the file's. \
        The tenant's flows, codes and refresh tokens are dropped; its ID and signing key stay. A \
        `nativeauth emulator` running on the same state sees the change.

        EXAMPLES:
          nativeauth emulator import users.json
        """
}
