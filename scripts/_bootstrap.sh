# Sourced by scripts/serve and scripts/test: make .venv and install the project into it.
# Installs again only when pyproject.toml changed, so repeated runs start at once.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

find_python() {
    for candidate in "${PYTHON:-}" python3.11 python3 python; do
        if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1 \
            && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
            echo "$candidate"
            return
        fi
    done
    echo "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
    exit 1
}

make_venv() {
    local python
    python="$(find_python)"
    if ! "$python" -m venv .venv 2>/dev/null; then
        # Debian's Python ships venv separately.
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "installing python3-venv with apt-get..."
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
            rm -rf .venv
            "$python" -m venv .venv
        else
            echo "'$python -m venv' failed: install your system's python3-venv package" >&2
            exit 1
        fi
    fi
}

if [ ! -x .venv/bin/python ]; then
    echo "creating .venv..."
    make_venv
fi

STAMP=.venv/.install-stamp
WANT="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "$(cat "$STAMP" 2>/dev/null || true)" != "$WANT" ]; then
    echo "installing the project and its dependencies into .venv (a minute or two)..."
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
    echo "$WANT" > "$STAMP"
fi

export PATH="$ROOT/.venv/bin:$PATH"
export DJANGO_SETTINGS_MODULE=dominion_site.settings
