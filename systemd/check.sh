#!/bin/sh
# Checks the systemd unit: `systemd-analyze verify` must pass, and the
# offline security review must rate the unit's exposure 1.5 or better, on
# its own and with each drop-in of gammond.service.d/ next to it (a drop-in
# is checked appended to the unit, as systemd merges it).
#
#   systemd/check.sh [UNIT]      (default: gammond.service next to this script)
#
# Needs systemd-analyze (Debian: apt-get install systemd); installs nothing.
# verify insists that ExecStart's binary exists: the unit is verified as a
# copy whose ExecStart points at a stub in a temporary directory, everything
# else unchanged.
set -eu

max=1.5
unit=${1:-$(dirname "$0")/gammond.service}
bin=/usr/local/bin/gammond

if ! command -v systemd-analyze >/dev/null 2>&1; then
	echo "check.sh: systemd-analyze not found (apt-get install systemd)" >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nexit 0\n' >"$tmp/gammond"
chmod 755 "$tmp/gammond"

# check NAME FILE...: verifies and rates the unit made of the files, in
# order, named NAME in the messages.
check() {
	name=$1
	shift
	mkdir -p "$tmp/unit"
	cat "$@" >"$tmp/unit/gammond.service"
	sed "s|$bin|$tmp/gammond|g" "$tmp/unit/gammond.service" >"$tmp/gammond.service"

	# verify exits 0 on some warnings: any line about our unit is a failure.
	if ! systemd-analyze verify "$tmp/gammond.service" >"$tmp/verify.log" 2>&1 ||
		grep -q gammond "$tmp/verify.log"; then
		echo "check.sh: systemd-analyze verify $name failed:" >&2
		cat "$tmp/verify.log" >&2
		exit 1
	fi
	echo "$name: verify: ok"

	systemd-analyze security --offline=yes "$tmp/unit/gammond.service" >"$tmp/security.log" 2>&1 || {
		cat "$tmp/security.log" >&2
		exit 1
	}
	level=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' "$tmp/security.log")
	if [ -z "$level" ]; then
		echo "check.sh: no \"Overall exposure level\" line in:" >&2
		cat "$tmp/security.log" >&2
		exit 1
	fi
	echo "$name: security: exposure $level (at most $max)"
	if ! awk -v l="$level" -v m="$max" 'BEGIN { exit !(l <= m) }'; then
		grep '✗' "$tmp/security.log" >&2 || true
		echo "check.sh: $name: exposure $level is above $max" >&2
		exit 1
	fi
}

check "$unit" "$unit"
for dropin in "$unit.d"/*.conf; do
	[ -e "$dropin" ] || continue
	check "$unit + $dropin" "$unit" "$dropin"
done
