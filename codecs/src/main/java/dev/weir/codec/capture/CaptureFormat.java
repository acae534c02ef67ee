package dev.weir.codec.capture;

/**
 * The container format of a capture file, detected from its first bytes (after inflating, for a gzip file: see
 * {@link CaptureFile#compressed()}).
 */
public enum CaptureFormat {
    /** Classic pcap with microsecond timestamps (magic 0xa1b2c3d4, either byte order). */
    PCAP_MICROSECONDS,
    /** Classic pcap with nanosecond timestamps (magic 0xa1b23c4d, either byte order). */
    PCAP_NANOSECONDS,
    /** pcapng: one or more sections, each opened by a section header block (0x0A0D0D0A). */
    PCAPNG,
    /**
     * ITCH 5.0 messages one after another, each preceded by its length as a big-endian 16-bit number: the files of
     * NASDAQ's published TotalView-ITCH samples. No packets, no MoldUDP64; recognised by its first messages having
     * ITCH 5.0 types and those types' lengths.
     */
    ITCH_MESSAGES
}
