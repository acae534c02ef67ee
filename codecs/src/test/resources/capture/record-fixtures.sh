#!/usr/bin/env bash
# Records the capture fixtures of CaptureFixturesTest: a few UDP datagrams sent on loopback (127.0.0.0/8 only),
# captured by tcpdump on "lo" (Ethernet link type) with microsecond and nanosecond timestamps and on "any"
# (Linux cooked v2), converted to pcapng by editcap, and cut short in the last packet as a killed tcpdump leaves
# it. Beside each capture goes tshark's field dump, which the test compares with the reader's values.
# Needs root, tcpdump, tshark (editcap) and python3; the tests only read the committed files.
set -euo pipefail
cd "$(dirname "$0")"

filter='udp and dst portrange 26400-26409'
started=()
capture() { # interface, file, extra tcpdump options...
    local interface=$1 file=$2
    shift 2
    tcpdump -i "$interface" -U -s 512 "$@" -w "$file" "$filter" 2> "$file.log" &
    started+=($!)
    until grep -qs 'listening on' "$file.log"; do sleep 0.1; done
}

capture lo udp-lo-us.pcap
capture lo udp-lo-ns.pcap --time-stamp-precision=nano
capture any udp-any-sll2.pcap -y LINUX_SLL2

python3 - <<'PY'
import socket
import time
sends = [("127.0.0.1", 26400, b"A"), ("127.0.0.2", 26401, b"hello"), ("127.0.0.1", 26402, bytes(range(200))),
         ("127.0.0.3", 26400, b""), ("127.0.0.1", 26409, b"x" * 700), ("127.1.2.3", 26403, b"last")]
with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
    for host, port, payload in sends:
        s.sendto(payload, (host, port))
        time.sleep(0.01)
PY
sleep 1
for pid in "${started[@]}"; do kill -INT "$pid"; done
for pid in "${started[@]}"; do wait "$pid" || true; done
rm -f ./*.log

editcap -F pcapng udp-lo-ns.pcap udp-lo-ns.pcapng
# a capture killed while writing its last packet: all but the last 100 bytes
size=$(stat -c %s udp-lo-us.pcap)
head -c $((size - 100)) udp-lo-us.pcap > udp-lo-cut.pcap

for f in udp-lo-us.pcap udp-lo-ns.pcap udp-any-sll2.pcap udp-lo-ns.pcapng udp-lo-cut.pcap; do
    tshark -r "$f" -T fields -e frame.time_epoch -e ip.dst -e udp.dstport -e udp.length > "$f.tshark.txt" 2> /dev/null || true
done
ls -l
