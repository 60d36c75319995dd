#!/usr/bin/env bash
# Formats every C++ file with clang-format (.clang-format), or with --check only reports the
# files that differ and any line over 120 columns, exiting 1 if there are any.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every tracked or new C++ file that exists (outside a git checkout: every one under the sources).
# (Command substitution, not <(...): a minimal root may have no /dev/fd.)
list=$( (git ls-files --cached --others --exclude-standard '*.cpp' '*.h' 2>/dev/null ||
  find engine solvers tools tests bench -name '*.cpp' -o -name '*.h') | sort -u | while read -r f; do [[ -f $f ]] && echo "$f"; done)
mapfile -t files <<<"$list"
if [[ ${1:-} != --check ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
status=0
# The files in batches, on every core; each that differs is named.
differ=$(printf '%s\n' "${files[@]}" | xargs -d '\n' -n 25 -P "$(nproc)" sh -c \
  'for f; do clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done' sh)
for f in $differ; do
  echo "format: $f differs from clang-format (run scripts/format.sh)" >&2
  status=1
done
if awk 'length > 120 { print FILENAME ":" FNR ": " length " columns"; found = 1 } END { exit found ? 0 : 1 }' "${files[@]}" >&2; then
  status=1
fi
((status == 0)) && echo "format: ${#files[@]} files clean" >&2
exit $status
