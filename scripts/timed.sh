# Sourced by the scripts: `timed LABEL COMMAND...` runs COMMAND and writes its wall time to
# stderr, so a CI log says where its time went.
timed() {
  local label=$1 start=$SECONDS
  shift
  "$@"
  echo "time: $label took $((SECONDS - start)) s" >&2
}
