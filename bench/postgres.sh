# A private PostgreSQL for the benchmarks (sourced): postgres_start makes a cluster in a temporary
# folder and starts it on a free loopback port (POSTGRES_URL); postgres_stop stops it and removes it.
postgres_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
postgres_start() {
    POSTGRES_DIR=$(mktemp -d /tmp/nativeauth-bench-postgres.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres: "$POSTGRES_DIR"
    as_postgres "$postgres_bin/initdb" -D "$POSTGRES_DIR/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
    POSTGRES_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_postgres "$postgres_bin/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/log" -w -o \
        "-p $POSTGRES_PORT -k $POSTGRES_DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null
    POSTGRES_URL="postgres://postgres@127.0.0.1:$POSTGRES_PORT/postgres?sslmode=disable"
}
postgres_stop() {
    as_postgres "$postgres_bin/pg_ctl" -D "$POSTGRES_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$POSTGRES_DIR"
}
