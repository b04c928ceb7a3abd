// See include/CKernelKeys.h.
#if defined(__linux__)
#include "CKernelKeys.h"

#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

// From <linux/keyctl.h>, spelt out so that no kernel headers are needed to build.
#define CKEYS_SPEC_SESSION_KEYRING -3
#define CKEYS_GET_KEYRING_ID 0
#define CKEYS_SEARCH 10
#define CKEYS_READ 11
#define CKEYS_SET_TIMEOUT 15
#define CKEYS_SETPERM 5
#define CKEYS_INVALIDATE 21
// Possessor: view, read, write, search, link, set attributes; user: view, read, write, search and
// set attributes (not link). Group and others: nothing.
#define CKEYS_PERMISSIONS 0x3f2f0000u

static long result(long value) { return value < 0 ? -errno : value; }

long ckeys_session_keyring(void) {
    // create = 0: a process without a session keyring is given the user's session keyring, never a
    // new anonymous one (which would die with this thread, its copies with it).
    return result(syscall(SYS_keyctl, CKEYS_GET_KEYRING_ID, (long)CKEYS_SPEC_SESSION_KEYRING, 0L));
}

long ckeys_add(long keyring, const char *description, const void *payload, size_t length) {
    long serial = result(syscall(SYS_add_key, "user", description, payload, length, keyring));
    if (serial < 0) return serial;
    long set = result(syscall(SYS_keyctl, CKEYS_SETPERM, serial, (unsigned long)CKEYS_PERMISSIONS));
    return set < 0 ? set : serial;
}

long ckeys_search(long keyring, const char *description) {
    return result(syscall(SYS_keyctl, CKEYS_SEARCH, keyring, "user", description, 0L));
}

long ckeys_read(long serial, void *buffer, size_t length) {
    return result(syscall(SYS_keyctl, CKEYS_READ, serial, buffer, length));
}

long ckeys_set_timeout(long serial, unsigned int seconds) {
    return result(syscall(SYS_keyctl, CKEYS_SET_TIMEOUT, serial, (unsigned long)seconds));
}

long ckeys_invalidate(long serial) {
    return result(syscall(SYS_keyctl, CKEYS_INVALIDATE, serial));
}
#endif
