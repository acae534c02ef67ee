package dev.weir.codec.capture;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * The records of a classic pcap file: a 24-byte file header, then a 16-byte header before each packet. A record
 * whose captured length is more than the header's snapshot length (262,144 bytes when it says 0, at most 16 MiB
 * whatever it says) is corrupt wherever it is; only a record within it that the end of the file cuts is a capture
 * cut short. Read through a {@link CaptureWindow} window: {@code position} is an index in the window, offsets in
 * messages are the file's.
 */
final class PcapRecords implements PacketSource {
    static final int FILE_HEADER_LENGTH = 24;
    private static final int RECORD_HEADER_LENGTH = 16;
    /**
     * The largest record of a file whose header gives snapshot length 0 (no limit said): tcpdump's default and
     * largest snapshot length. A bigger record length means a corrupt header.
     */
    private static final long MAX_RECORD_LENGTH = 262_144;
    /**
     * The largest snapshot length honoured: a header claiming more (up to 4 GiB) must not turn every corrupt record
     * length into a record that merely looks cut short.
     */
    static final long MAX_SNAPSHOT_LENGTH = 16L << 20;

    private final String name;
    private final CaptureWindow window;
    private final DirectBuffer buffer;
    private final ByteOrder order;
    private final long fractionNanos;
    private final int linkType;
    private final long maxRecordLength;
    /** Whether {@link #maxRecordLength} is the file header's snapshot length (else the reader's own bound). */
    private final boolean snapLengthBound;
    /** The index in the window of the next record's header. */
    private int position = FILE_HEADER_LENGTH;
    private long ordinal;
    private long truncatedAt = -1;

    /** The file header must be in the window. */
    PcapRecords(final String name, final CaptureWindow window, final ByteOrder order, final boolean nanoseconds) {
        this.name = name;
        this.window = window;
        this.buffer = window.buffer();
        this.order = order;
        this.fractionNanos = nanoseconds ? 1 : 1_000;
        this.linkType = buffer.getInt(20, order) & 0xFFFF; // the upper bits carry FCS information
        final long snapLength = Integer.toUnsignedLong(buffer.getInt(16, order));
        // snapshot length 0 says nothing; a record longer than a given snapshot length is corrupt, not cut short
        this.snapLengthBound = snapLength != 0 && snapLength <= MAX_SNAPSHOT_LENGTH;
        this.maxRecordLength = snapLength == 0 ? MAX_RECORD_LENGTH : Math.min(MAX_SNAPSHOT_LENGTH, snapLength);
    }

    @Override
    public boolean next(final CapturePacket packet) {
        if (truncatedAt >= 0) {
            return false;
        }
        position = window.slide(position, RECORD_HEADER_LENGTH);
        int remaining = buffer.capacity() - position;
        if (remaining == 0) {
            return false;
        }
        if (remaining < RECORD_HEADER_LENGTH) {
            truncatedAt = window.start() + position;
            return false;
        }
        final long seconds = Integer.toUnsignedLong(buffer.getInt(position, order));
        final long fraction = Integer.toUnsignedLong(buffer.getInt(position + 4, order));
        final long captured = Integer.toUnsignedLong(buffer.getInt(position + 8, order));
        final long original = Integer.toUnsignedLong(buffer.getInt(position + 12, order));
        if (captured > maxRecordLength) {
            throw new CaptureFormatException(name, window.start() + position, ordinal + 1, "corrupt record header: captured length " + captured
                    + (snapLengthBound ? " exceeds the file's snapshot length of " : " exceeds ") + maxRecordLength + " bytes");
        }
        if (fraction * fractionNanos >= 1_000_000_000L) {
            throw new CaptureFormatException(name, window.start() + position, ordinal + 1,
                    "corrupt record header: sub-second part " + fraction + " is not below one second");
        }
        if (captured > remaining - RECORD_HEADER_LENGTH) {
            position = window.slide(position, RECORD_HEADER_LENGTH + (int) captured);
            remaining = buffer.capacity() - position;
            if (captured > remaining - RECORD_HEADER_LENGTH) {
                truncatedAt = window.start() + position;
                return false;
            }
        }
        ordinal++;
        packet.set(buffer, window.start(), 0, linkType, seconds * 1_000_000_000L + fraction * fractionNanos, (int) captured, original,
                position + RECORD_HEADER_LENGTH, ordinal, window.start() + position);
        position += RECORD_HEADER_LENGTH + (int) captured;
        return true;
    }

    @Override
    public long truncatedAt() {
        return truncatedAt;
    }

    @Override
    public void rewind() {
        position = FILE_HEADER_LENGTH;
        ordinal = 0;
        truncatedAt = -1;
    }
}
