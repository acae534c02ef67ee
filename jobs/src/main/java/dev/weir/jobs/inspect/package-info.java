/**
 * What a capture holds, before it is replayed ({@code weir inspect}, docs/inspect.md):
 * {@link dev.weir.jobs.inspect.CaptureInspector} reads pcap and pcapng files once and computes an immutable
 * {@link dev.weir.jobs.inspect.InspectionReport}: per file and in total the container layout, packets and
 * bytes, what the UDP decoding skipped, the biggest flows and the capture time range; the payload format guessed
 * from the payloads (MoldUDP64/ITCH 5.0, StatsD or unknown) and why; messages by type; for ITCH the MoldUDP64
 * sessions, sequence gaps and duplicates; and how out of order the events are, with the bounded-out-of-orderness
 * setting that a high percentile of the lateness suggests. {@link dev.weir.jobs.inspect.ReportText} and
 * {@link dev.weir.jobs.inspect.ReportJson} print a report.
 *
 * <p>Memory stays bounded whatever the size of the captures; an inspection runs on one thread.
 */
package dev.weir.jobs.inspect;
