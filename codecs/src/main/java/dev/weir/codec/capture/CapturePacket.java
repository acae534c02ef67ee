package dev.weir.codec.capture;

import org.agrona.DirectBuffer;

/**
 * One packet of a capture, a reusable flyweight that {@link CaptureFile#next(CapturePacket)} overwrites: its
 * bytes stay in the file's window ({@link #buffer()} from {@link #offset()} for {@link #capturedLength()}
 * bytes) and are valid until the file's next packet is read. For a file of ITCH messages
 * ({@link CaptureFormat#ITCH_MESSAGES}) a packet is one message, of link type {@link LinkType#ITCH_MESSAGE}.
 * Not thread-safe; one per reading thread.
 */
public final class CapturePacket {
    private DirectBuffer buffer;
    private long bufferStart;
    private int interfaceIndex;
    private int linkType;
    private long timestampNanos;
    private int capturedLength;
    private long originalLength;
    private int offset;
    private long ordinal;
    private long fileOffset;

    void set(final DirectBuffer buffer, final long bufferStart, final int interfaceIndex, final int linkType, final long timestampNanos,
            final int capturedLength, final long originalLength, final int offset, final long ordinal, final long fileOffset) {
        this.buffer = buffer;
        this.bufferStart = bufferStart;
        this.interfaceIndex = interfaceIndex;
        this.linkType = linkType;
        this.timestampNanos = timestampNanos;
        this.capturedLength = capturedLength;
        this.originalLength = originalLength;
        this.offset = offset;
        this.ordinal = ordinal;
        this.fileOffset = fileOffset;
    }

    /** @return the window of the file the packet's bytes are in */
    public DirectBuffer buffer() {
        return buffer;
    }

    /** @return the interface the packet was captured on: 0 for pcap, the IDB's index within its section for pcapng */
    public int interfaceIndex() {
        return interfaceIndex;
    }

    /** @return the link-layer header type of the packet's bytes (see {@link LinkType}) */
    public int linkType() {
        return linkType;
    }

    /**
     * @return when the packet was captured, in nanoseconds since the epoch (UTC), converted from the file's
     *     resolution (pcapng: the interface's {@code if_tsresol}, microseconds by default, plus its
     *     {@code if_tsoffset}); a pcapng simple packet block has no timestamp and gets the one of the packet
     *     before it in the file, or of the first timed one after it if none came before (0 only if there is none)
     */
    public long timestampNanos() {
        return timestampNanos;
    }

    /** @return how many of the packet's bytes the capture holds */
    public int capturedLength() {
        return capturedLength;
    }

    /** @return the packet's length on the wire, in bytes (at least {@link #capturedLength()} unless the file says otherwise) */
    public long originalLength() {
        return originalLength;
    }

    /** @return the index in {@link #buffer()} of the packet's first byte */
    public int offset() {
        return offset;
    }

    /** @return the packet's 1-based number in the file */
    public long ordinal() {
        return ordinal;
    }

    /** @return the byte offset in the file of the packet's record (pcap) or block (pcapng) header, or of a message's length field */
    public long fileOffset() {
        return fileOffset;
    }

    /**
     * @param index an index in {@link #buffer()}
     * @return the byte offset in the file (in the uncompressed stream, for gzip) of the byte at that index
     */
    public long fileOffsetOf(final int index) {
        return bufferStart + index;
    }
}
