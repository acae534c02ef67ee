package dev.weir.pipelines.capture;

/** The container format of a capture file, detected from its first four bytes. */
public enum CaptureFormat {
    /** Classic pcap with microsecond timestamps (magic 0xa1b2c3d4, either byte order). */
    PCAP_MICROSECONDS,
    /** Classic pcap with nanosecond timestamps (magic 0xa1b23c4d, either byte order). */
    PCAP_NANOSECONDS,
    /** pcapng: one or more sections, each opened by a section header block (0x0A0D0D0A). */
    PCAPNG
}
