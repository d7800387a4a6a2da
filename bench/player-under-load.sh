#!/usr/bin/env bash
# How many frames `wave play` skips at 1x under two CPU hogs, in tmux at 120x40.
#
#   bench/player-under-load.sh [ROUNDS] [EXAMPLE ...]   (default 2 rounds; sonar,
#       progress-ball, ocean, spinner, audio-meter, stickman; WAVE=path/to/wave,
#       default .build/release/wave; HOGS=same|apart, default both)
#
# Each example plays 600 ticks (`wave play EXAMPLE --loop --ticks 600 --stats`) in a tmux
# pane of 120x40 (tmux's default TERM gives 256 colours) while two `yes > /dev/null` run:
# "apart" starts them in another tmux window (another session, so another scheduling
# group, as a build in another terminal would be); "same" starts them in the player's own
# shell, where they share its group. Prints the CPU model and load average first and last,
# and one line per run with the frames skipped, drawn and the frame time.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
shift || true
examples=("$@")
[ ${#examples[@]} -gt 0 ] || examples=(sonar progress-ball ocean spinner audio-meter stickman)
wave=$(realpath "${WAVE:-.build/release/wave}")
[ -x "$wave" ] || { echo "build wave first: swift build -c release" >&2; exit 64; }
command -v tmux >/dev/null || { echo "needs tmux" >&2; exit 69; }
session=wave-load-$$
tmp=$(mktemp -d)
trap 'tmux kill-session -t "$session" 2>/dev/null; pkill -f "yes-hog-$$" 2>/dev/null; rm -rf "$tmp"' EXIT
. bench/machine.sh
machine
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); wave: $wave; 600 ticks at 1x, 120x40"
tmux new-session -d -s "$session" -x 120 -y 40 "bash --norc --noprofile"
hogs() {   # $1 = same | apart: start two hogs named so they can be stopped
    local cmd="bash -c 'exec -a yes-hog-$$ yes > /dev/null' & bash -c 'exec -a yes-hog-$$ yes > /dev/null' &"
    if [ "$1" = same ]; then tmux send-keys -t "$session:0" "$cmd" Enter
    else tmux new-window -d -t "$session:1" "bash --norc --noprofile -c \"$cmd wait\""; fi
    sleep 2
}
stop_hogs() { pkill -f "yes-hog-$$" || true; tmux kill-window -t "$session:1" 2>/dev/null || true; sleep 1; }
for where in ${HOGS:-apart same}; do
    hogs "$where"
    echo "hogs $where: $(machine)"
    for round in $(seq "$rounds"); do
        for ex in "${examples[@]}"; do
            rm -f "$tmp/stats"
            tmux send-keys -t "$session:0" "clear; '$wave' play examples/$ex.wave --loop --ticks 600 --stats 2>'$tmp/stats'" Enter
            for _ in $(seq 100); do sleep 0.5; [ -s "$tmp/stats" ] && break; done
            printf '%-8s round %d  %-16s %s\n' "$where" "$round" "$ex" "$(cat "$tmp/stats" 2>/dev/null || echo 'no stats')"
        done
    done
    stop_hogs
done
machine
