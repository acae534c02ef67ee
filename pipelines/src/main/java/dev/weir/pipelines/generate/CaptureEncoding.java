package dev.weir.pipelines.generate;

import dev.weir.codec.capture.CaptureFormat;

/**
 * How a {@link CaptureWriter} lays out a capture: classic pcap or pcapng, with micro- or nanosecond
 * timestamps. Everything is written little-endian. Immutable and thread-safe.
 */
public enum CaptureEncoding {
    /** pcap, magic 0xa1b2c3d4, microsecond timestamps. */
    PCAP_MICROSECONDS(false, false),
    /** pcap, magic 0xa1b23c4d, nanosecond timestamps. */
    PCAP_NANOSECONDS(false, true),
    /** pcapng, one interface without {@code if_tsresol}: microsecond timestamps. */
    PCAPNG_MICROSECONDS(true, false),
    /** pcapng, one interface with {@code if_tsresol} 9: nanosecond timestamps. */
    PCAPNG_NANOSECONDS(true, true);

    private final boolean pcapng;
    private final boolean nanoseconds;

    CaptureEncoding(final boolean pcapng, final boolean nanoseconds) {
        this.pcapng = pcapng;
        this.nanoseconds = nanoseconds;
    }

    /**
     * @param pcapng true for pcapng, false for classic pcap
     * @param nanoseconds true for nanosecond timestamps, false for microseconds
     * @return the encoding
     */
    public static CaptureEncoding of(final boolean pcapng, final boolean nanoseconds) {
        if (pcapng) {
            return nanoseconds ? PCAPNG_NANOSECONDS : PCAPNG_MICROSECONDS;
        }
        return nanoseconds ? PCAP_NANOSECONDS : PCAP_MICROSECONDS;
    }

    /** @return true for pcapng, false for classic pcap */
    public boolean pcapng() {
        return pcapng;
    }

    /** @return true if timestamps keep nanoseconds, false if they are cut to microseconds */
    public boolean nanoseconds() {
        return nanoseconds;
    }

    /** @return the format {@link dev.weir.codec.capture.CaptureFile} detects in a file of this encoding */
    public CaptureFormat format() {
        if (pcapng) {
            return CaptureFormat.PCAPNG;
        }
        return nanoseconds ? CaptureFormat.PCAP_NANOSECONDS : CaptureFormat.PCAP_MICROSECONDS;
    }
}
