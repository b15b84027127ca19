# Sourced by scripts/test: the Debian packages the test suite drives for real.
# Chromium for the browser tests (Playwright cannot download its own browser here) and
# redis-server for the Celery worker test when no REDIS_URL is given. Installed only if missing.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ "${#need[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing ${need[*]} with apt-get..."
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${need[@]}" >/dev/null
    else
        echo "the tests need: ${need[*]} (install them with your package manager)" >&2
        exit 1
    fi
fi
