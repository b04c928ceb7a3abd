#!/usr/bin/env bash
# Makes the state folder of `LegacyStateMigrationTests`: the emulator of main at 716a2e6 (the last
# one with the hand-written store: state.json + state.journal) writes it, and this script keeps what
# the test needs. Run once, by hand; the result is committed:
#
#   git worktree add /tmp/old 716a2e6 && (cd /tmp/old && swift build --product nativeauth-emulator)
#   bash Tests/Fixtures/LegacyStateFolder/make-fixture.sh /tmp/old/.build/debug/nativeauth-emulator
#
# It is an emulator's test state: the signing key is one this emulator made for the fixture and
# signs nothing else, the users are made up, the refresh token is valid only against this state.
set -euo pipefail
emulator=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
state="$work/state"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

NATIVEAUTH_EMULATOR_FIXED_CODE=12345678 "$emulator" serve --state-dir "$state" --port "$port" >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 100); do grep -q '^admin token:' "$work/out" 2>/dev/null && break; sleep 0.1; done
token=$(sed -n 's/^admin token: //p' "$work/out")
base="http://127.0.0.1:$port"
authority="$base/emulator.onmicrosoft.com"
client=e1a70000-0000-4000-8000-000000000001
post() { curl -sf -X POST "$authority/$1" --data-urlencode "client_id=$client" "${@:2}"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
admin() { curl -sf -X "$1" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$base/_emulator/$2" "${@:3}"; }

# Users of every kind the migration must keep: imported with attributes and a password, with MFA
# methods, and one made by a sign-up (attributes, password hash).
admin POST users --data '{"users":[
  {"username":"carol@example.com","method":"password","password":"S3cret!!","displayName":"Carol","attributes":{"city":"Dublin"}},
  {"username":"gina@example.com","method":"password","password":"S3cret!!",
   "mfa":{"methods":[{"channel":"email","target":"gina@example.com"},{"channel":"sms","target":"+1 425 555 0101"}]}}]}' >/dev/null
ct=$(post signup/v1.0/start --data-urlencode username=dora@example.com --data-urlencode 'challenge_type=oob password redirect' \
     --data-urlencode 'password=Sign3dUp!!' --data-urlencode 'attributes={"displayName":"Dora","city":"Cork"}' \
     | field continuation_token)
ct=$(post signup/v1.0/challenge --data-urlencode "continuation_token=$ct" --data-urlencode 'challenge_type=oob password redirect' | field continuation_token)
ct=$(post signup/v1.0/continue --data-urlencode "continuation_token=$ct" --data-urlencode grant_type=oob --data-urlencode oob=12345678 | field continuation_token)
post oauth2/v2.0/token --data-urlencode "continuation_token=$ct" --data-urlencode grant_type=continuation_token \
     --data-urlencode 'scope=openid offline_access' >/dev/null

# Alice signs in: her refresh token must still work after the migration.
ct=$(post oauth2/v2.0/initiate --data-urlencode username=alice@example.com --data-urlencode 'challenge_type=oob password redirect' | field continuation_token)
ct=$(post oauth2/v2.0/challenge --data-urlencode "continuation_token=$ct" --data-urlencode 'challenge_type=oob password redirect' | field continuation_token)
post oauth2/v2.0/token --data-urlencode "continuation_token=$ct" --data-urlencode grant_type=oob --data-urlencode oob=12345678 \
     --data-urlencode 'scope=openid offline_access' | field refresh_token > "$here/refresh-token"

# Bob's sign-in is left open after its challenge: it must continue after the migration.
ct=$(post oauth2/v2.0/initiate --data-urlencode username=bob@example.com --data-urlencode 'challenge_type=oob password redirect' | field continuation_token)
post oauth2/v2.0/challenge --data-urlencode "continuation_token=$ct" --data-urlencode 'challenge_type=oob password redirect' \
     | field continuation_token > "$here/open-flow-token"

# What the test compares against: the users as exported, the keys document, the tenant.
admin GET users > "$here/users.json"
curl -sf "$authority/discovery/v2.0/keys" > "$here/keys.json"
admin GET health | field tenantId > "$here/tenant-id"
# When (the test moves its emulator's clock back to then: the refresh token and the flow expire).
date +%s > "$here/made-at"
kill "$pid"; wait "$pid" || true

# The state folder itself, without the admin token and the lock files.
rm -rf "$here/state"
mkdir "$here/state"
cp "$state/state.json" "$state/state.journal" "$state/signing-key.pem" "$here/state/"
echo "made $here/state ($(wc -l < "$here/state/state.journal") journal lines)"
