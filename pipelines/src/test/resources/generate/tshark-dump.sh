#!/usr/bin/env bash
# Dumps tshark's reading of the sample captures CaptureWriter made (TsharkReadingTest writes them to
# pipelines/target/generated-captures/; copy them here first): per packet its time, addresses, ports, UDP and
# frame lengths and whether tshark found the IPv4 header checksum good (1). Needs tshark; the test only reads the dumps.
set -euo pipefail
cd "$(dirname "$0")"
for f in sample-*.pcap sample-*.pcapng; do
    tshark -r "$f" -o ip.check_checksum:TRUE -T fields -e frame.time_epoch -e ip.src -e ip.dst -e udp.srcport -e udp.dstport \
        -e udp.length -e frame.len -e ip.checksum.status > "$f.tshark.txt" 2> /dev/null
done
