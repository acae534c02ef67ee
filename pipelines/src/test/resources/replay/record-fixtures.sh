#!/usr/bin/env bash
# Records the replay fixtures: traffic from 'weir generate ... --send' on loopback, captured by tcpdump on "lo"
# (Ethernet link type): itch-small.pcap (microseconds) and itch-small.pcapng (nanoseconds, converted by editcap)
# of one ITCH session with a sequence gap and reordered packets; statsd-small.pcap of four hosts, one silent for
# 40 s and one gone for good, with some malformed lines (it takes 75 s of real time); and the repository's
# examples/replay/itch-sample.pcap. Beside each capture goes tshark's field dump, which RecordedFixturesTest compares
# with the reader's values. Needs root, tcpdump and tshark (editcap); the tests only read the committed files.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd ../../../../.. && pwd)"
weir="$root/weir"
examples="$root/examples/replay"

started=()
capture() { # file, filter, extra tcpdump options...
    local file=$1 filter=$2
    shift 2
    tcpdump -i lo -U -s 0 "$@" -w "$file" "$filter" 2> "$file.log" &
    started+=($!)
    until grep -qs 'listening on' "$file.log"; do sleep 0.1; done
}
stop() {
    sleep 1
    for pid in "${started[@]}"; do kill -INT "$pid"; done
    for pid in "${started[@]}"; do wait "$pid" || true; done
    started=()
    rm -f ./*.log "$examples"/*.log
}

"$weir" --version > /dev/null # builds the jar first, so that no build runs while tcpdump listens

# ITCH: 4,000 messages over about 10 s of ITCH time, 8 symbols, one packet left out, some packets 5 ms late
capture itch-small.pcap 'udp and dst port 26400'
capture itch-small-ns.pcap 'udp and dst port 26400' --time-stamp-precision=nano
"$weir" generate itch --send 127.0.0.1:26400 --symbols 8 --messages 4000 --rate 400 --gaps 1 --disorder 5 --seed 11
stop
editcap -F pcapng itch-small-ns.pcap itch-small.pcapng
rm itch-small-ns.pcap

# StatsD: 3,000 lines from 4 hosts (127.0.0.1-4) over 75 s, 2 % malformed
capture statsd-small.pcap 'udp and dst port 8125'
"$weir" generate statsd --send 127.0.0.1:8125 --hosts 4 --messages 3000 --rate 40 --malformed 0.02 --seed 3
stop

# the README's example: 25,000 messages over about 25 s, 6 symbols
mkdir -p "$examples"
capture "$examples/itch-sample.pcap" 'udp and dst port 26400'
"$weir" generate itch --send 127.0.0.1:26400 --symbols 6 --messages 25000 --rate 1000 --seed 2026
stop

for f in itch-small.pcap itch-small.pcapng statsd-small.pcap "$examples/itch-sample.pcap"; do
    tshark -r "$f" -T fields -e frame.time_epoch -e ip.src -e ip.dst -e udp.dstport -e udp.length > "$f.tshark.txt" 2> /dev/null
done
ls -l . "$examples"
