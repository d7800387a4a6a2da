#!/usr/bin/env bash
# Gradient exactness against headless Chromium (bench/exactness-vs-chromium.py says what is
# compared): a gradient card in perspective, a conic pie and a hard linear stop.
#   bench/exactness-vs-chromium.sh [WAVE_BINARY] [WORKDIR]
# Needs chromium and chromium-driver (Debian); selenium, Pillow and numpy go into .venv-preview.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/wave}
command -v chromium >/dev/null && command -v chromedriver >/dev/null \
  || { echo "exactness-vs-chromium: chromium and chromedriver are missing (apt-get install -y chromium chromium-driver)"; exit 1; }
venv=.venv-preview
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/python" -c "import selenium, PIL, numpy" 2>/dev/null || "$venv/bin/pip" install -q selenium pillow numpy
"$venv/bin/python" bench/exactness-vs-chromium.py "$bin" ${2:+"$2"}
