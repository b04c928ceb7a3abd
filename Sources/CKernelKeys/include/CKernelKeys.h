// The kernel's key retention service (keyrings(7)) for Swift, on Linux: typed wrappers over the
// `add_key` and `keyctl` system calls, which glibc does not wrap and Swift cannot reach through the
// variadic `syscall`. Used only by NativeAuth's `KernelKeyring`, where `SecretServiceReadCache`
// keeps its copies of keyring secrets; no library (libkeyutils) is needed.
//
// Every key here is a "user" key in a keyring the caller names by serial number: `KernelKeyring` uses
// the login session's keyring (`ckeys_session_keyring`). A key lives in kernel memory, is never
// written to disk, and is reachable only through a keyring that holds it, by the same user's
// processes (and root). Each call returns the system call's result, or -errno on failure.
#ifndef NATIVEAUTH_CKERNELKEYS_H
#define NATIVEAUTH_CKERNELKEYS_H

#include <stddef.h>
#include <stdint.h>

/// The serial number of the calling process's session keyring (`@s`), without creating one: the
/// login's own when the login made one (pam_keyinit, as desktop and SSH logins do), else the user's
/// session keyring (`@us`), which the kernel gives every process of the user that has none.
long ckeys_session_keyring(void);

/// Adds the user key `description` holding `length` bytes of `payload` to `keyring`, or replaces the
/// payload of the one already there, with permissions that let only its possessor and its user view,
/// read, write, search and set it. Returns the key's serial number.
long ckeys_add(long keyring, const char *description, const void *payload, size_t length);

/// The serial number of the user key `description` found from `keyring`.
long ckeys_search(long keyring, const char *description);

/// Copies up to `length` bytes of key `serial`'s payload into `buffer`; returns the payload's whole
/// length (larger than `length` when it did not fit).
long ckeys_read(long serial, void *buffer, size_t length);

/// Makes key `serial` expire `seconds` from now (0: never).
long ckeys_set_timeout(long serial, unsigned int seconds);

/// Removes key `serial` at once (`KEYCTL_INVALIDATE`, Linux 3.5), wherever it is linked.
long ckeys_invalidate(long serial);

#endif
