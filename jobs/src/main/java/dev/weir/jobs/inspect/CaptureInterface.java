package dev.weir.jobs.inspect;

import dev.weir.codec.capture.LinkType;

/**
 * One capture interface as its file describes it: the pcap file header, or a pcapng interface description block.
 * Immutable.
 */
public final class CaptureInterface {
    private final int linkType;
    private final long snapLength;
    private final String resolution;
    private final String name;

    /**
     * @param linkType the LINKTYPE_ value
     * @param snapLength the snapshot length in bytes, 0 for none
     * @param resolution the timestamp unit in words, e.g. {@code microseconds}
     * @param name the interface's name ({@code if_name}), empty if the file gives none
     */
    CaptureInterface(final int linkType, final long snapLength, final String resolution, final String name) {
        this.linkType = linkType;
        this.snapLength = snapLength;
        this.resolution = resolution;
        this.name = name;
    }

    /** @return the link-layer header type (tcpdump.org LINKTYPE_ value) */
    public int linkType() {
        return linkType;
    }

    /** @return the link type's name and whether replay can decode it, e.g. {@code EN10MB (Ethernet)} */
    public String linkTypeName() {
        return switch (linkType) {
            case LinkType.NULL -> "NULL (BSD loopback)";
            case LinkType.EN10MB -> "EN10MB (Ethernet)";
            case LinkType.RAW -> "RAW (IP)";
            case LinkType.LOOP -> "LOOP (OpenBSD loopback)";
            case LinkType.LINUX_SLL -> "LINUX_SLL (Linux cooked v1)";
            case LinkType.IPV4 -> "IPV4";
            case LinkType.IPV6 -> "IPV6";
            case LinkType.LINUX_SLL2 -> "LINUX_SLL2 (Linux cooked v2)";
            default -> linkType + " (not supported: its packets are skipped)";
        };
    }

    /** @return the snapshot length in bytes (0: none); longer packets were cut to it */
    public long snapLength() {
        return snapLength;
    }

    /** @return the timestamp resolution in words: {@code microseconds}, {@code nanoseconds}, {@code 10^-n s} or {@code 2^-n s} */
    public String resolution() {
        return resolution;
    }

    /** @return the interface's name as recorded ({@code if_name}), empty if none */
    public String name() {
        return name;
    }
}
