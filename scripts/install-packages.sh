#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet (sudo when
# not root); does nothing when all are there.
set -euo pipefail
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
((${#missing[@]})) || exit 0
echo "install-packages: installing ${missing[*]}" >&2
sudo=""
[[ $(id -u) == 0 ]] || sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
