#!/usr/bin/env bash
# Load on the web example as it runs in production: N concurrent users (200 by default) signing in
# by code and calling /api/me through nginx (round-robin) across three nativeauth-web-example
# replicas on one private PostgreSQL, against the emulator (every code 24682468; the users are
# seeded). Prints sign-ins/s, p50/p99, failures and sessions mixed up (bench/web_load.py).
#
# Usage: bench/web-load.sh [USERS] [ME_CALLS]        (CONFIG=debug for a debug build, SCRATCH=DIR for another build folder)
set -euo pipefail
cd "$(dirname "$0")/.."
users=${1:-200}
me_calls=${2:-3}
config=${CONFIG:-release}
scratch=()
[ -n "${SCRATCH:-}" ] && scratch=(--scratch-path "$SCRATCH")
swift build -c "$config" "${scratch[@]}" --product nativeauth-web-example >&2
swift build -c "$config" "${scratch[@]}" --product nativeauth-emulator >&2
bin=$(swift build -c "$config" "${scratch[@]}" --show-bin-path)
source bench/postgres.sh
work=$(mktemp -d /tmp/nativeauth-web-load.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    postgres_stop
    rm -rf "$work"
}
trap cleanup EXIT
postgres_start

wait_for() {  # wait_for FILE PATTERN: the first match's first group, once the file has it
    for _ in $(seq 1 1800); do
        if line=$(grep -m1 -oE "$2" "$1" 2>/dev/null); then echo "$line"; return; fi
        sleep 0.1
    done
    echo "no '$2' in $1:" >&2; cat "$1" >&2; exit 1
}

python3 - "$users" > "$work/seed.json" <<'PY'
import json, sys
print(json.dumps({"users": [{"username": f"load-{i}@example.com", "method": "otp", "displayName": f"Load {i}"}
                            for i in range(int(sys.argv[1]))]}))
PY
printf 'k1:%s\n' "$(head -c 32 /dev/urandom | base64)" > "$work/site.keys"
NATIVEAUTH_EMULATOR_FIXED_CODE=24682468 "$bin/nativeauth-emulator" serve --port 0 --max-connections 4096 \
    --state-dir "$work/emulator" --seed "$work/seed.json" > "$work/emulator.log" 2>&1 &
pids+=($!)
authority=$(wait_for "$work/emulator.log" 'authority: \S+' | cut -d' ' -f2)
ports=()
for replica in 1 2 3; do
    "$bin/nativeauth-web-example" --port 0 --replica "r$replica" --authority "$authority" \
        --client-id e1a70000-0000-4000-8000-000000000001 --database "$POSTGRES_URL" --key-file "$work/site.keys" \
        --log-level warning > "$work/r$replica.log" 2>&1 &
    pids+=($!)
done
for replica in 1 2 3; do
    ports+=("$(wait_for "$work/r$replica.log" 'listening on http://127\.0\.0\.1:[0-9]+' | sed 's/.*://')")
done
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx"
cat > "$work/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log stderr notice;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi; uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;
    upstream site { server 127.0.0.1:${ports[0]}; server 127.0.0.1:${ports[1]}; server 127.0.0.1:${ports[2]}; keepalive 64; }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://site; proxy_http_version 1.1; proxy_set_header Connection "";
            proxy_set_header Host \$http_host; proxy_next_upstream error timeout; proxy_read_timeout 120s;
        }
    }
}
CONF
nginx -e stderr -p "$work/nginx" -c "$work/nginx/nginx.conf" > "$work/nginx.log" 2>&1 &
pids+=($!)
wait_for "$work/nginx.log" 'start worker process' > /dev/null
echo "three replicas (${ports[*]}) behind nginx on $port, $config build, PostgreSQL $POSTGRES_PORT"
python3 bench/web_load.py "http://127.0.0.1:$port" "$users" 24682468 "$me_calls"
