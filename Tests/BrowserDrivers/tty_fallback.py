"""At a terminal, a native sign-in answered "browser required" offers the browser: pexpect answers
the question, $BROWSER (browser_signin.py) signs in. argv: the nativeauth binary, the username."""
import os
import sys

import pexpect

binary, username = sys.argv[1:3]
child = pexpect.spawn(binary, ["signin", username], env=dict(os.environ), encoding="utf-8", timeout=90)
child.logfile_read = sys.stderr
child.expect_exact("Continue in the browser? [Y/n] ")
child.sendline("")
child.expect_exact("Signed in as " + username)
child.expect(pexpect.EOF)
child.close()
if child.exitstatus != 0:
    print("exit %s" % child.exitstatus)
    sys.exit(1)
print("OK tty fallback")
