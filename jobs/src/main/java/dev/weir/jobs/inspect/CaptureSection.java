package dev.weir.jobs.inspect;

import java.util.List;

/** One section of a capture: a pcapng section, or the whole of a pcap file. Immutable. */
public final class CaptureSection {
    private final String byteOrder;
    private final String version;
    private final List<CaptureInterface> interfaces;

    CaptureSection(final String byteOrder, final String version, final List<CaptureInterface> interfaces) {
        this.byteOrder = byteOrder;
        this.version = version;
        this.interfaces = List.copyOf(interfaces);
    }

    /** @return {@code big-endian} or {@code little-endian}: the byte order the section's headers are written in */
    public String byteOrder() {
        return byteOrder;
    }

    /** @return the format version, major.minor, e.g. {@code 2.4} for pcap, {@code 1.0} for pcapng */
    public String version() {
        return version;
    }

    /** @return the section's interfaces in file order (their index is their pcapng interface number) */
    public List<CaptureInterface> interfaces() {
        return interfaces;
    }
}
