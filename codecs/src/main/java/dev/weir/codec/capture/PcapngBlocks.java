package dev.weir.codec.capture;

import java.nio.ByteOrder;
import java.util.Arrays;
import org.agrona.DirectBuffer;

/**
 * The blocks of a pcapng file. Section header blocks set the byte order and start a new list of interfaces;
 * interface description blocks add to it; enhanced and simple packet blocks are packets; any other block is
 * skipped by its length. A simple packet block carries no timestamp: it gets the timestamp of the packet
 * before it in the file, or, before the file's first timed packet, the time of the first enhanced packet block
 * after it in its section (0 only when there is none); {@link #untimedPackets()} counts them.
 *
 * <p>A packet block longer than its interface's snapshot length allows (plus its header and, for an enhanced
 * packet block, {@value #MAX_OPTIONS_LENGTH} bytes of options), or capturing more bytes than that snapshot length, is
 * corrupt wherever it is: only a block within that length that the end of the file cuts is a capture cut short.
 *
 * <p>Read through a {@link CaptureWindow} window: {@code position} is the index in the window of the block being
 * read, offsets in messages are the file's. The look-ahead for a simple packet block's time reads no further than
 * the window.
 */
final class PcapngBlocks implements PacketSource {
    static final int SECTION_HEADER = 0x0A0D0D0A;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    static final int MIN_SECTION_HEADER_LENGTH = 28;
    private static final int INTERFACE_DESCRIPTION = 1;
    private static final int SIMPLE_PACKET = 3;
    private static final int ENHANCED_PACKET = 6;
    /**
     * The longest block read: a packet of the largest snapshot length with room for its headers and options. A longer
     * length is corrupt, not the start of a block that the end of the file cut short.
     */
    static final long MAX_BLOCK_LENGTH = PcapRecords.MAX_SNAPSHOT_LENGTH + 65_536;
    /** Room for an enhanced packet block's options (comments, flags, hashes) beyond its snapshot-length data. */
    static final int MAX_OPTIONS_LENGTH = 65_536;
    private static final int ENHANCED_PACKET_OVERHEAD = 32;
    private static final int SIMPLE_PACKET_OVERHEAD = 16;
    private static final int OPTION_END = 0;
    private static final int OPTION_TSRESOL = 9;
    private static final int OPTION_TSOFFSET = 14;

    private final String name;
    private final CaptureWindow window;
    private final DirectBuffer buffer;
    private ByteOrder order;
    private int position;
    private long ordinal;
    private long truncatedAt = -1;
    private long lastTimestamp;
    /** Whether {@link #lastTimestamp} is a packet's time: false until the file's first timed packet. */
    private boolean timed;
    private long untimedPackets;
    private int interfaces;
    private int[] linkTypes = new int[4];
    private int[] snapLengths = new int[4];
    private int[] resolutions = new int[4];
    private long[] offsetNanos = new long[4];

    /** The section header's first 12 bytes must be in the window. */
    PcapngBlocks(final String name, final CaptureWindow window) {
        this.name = name;
        this.window = window;
        this.buffer = window.buffer();
        this.order = byteOrder(0);
    }

    @Override
    public boolean next(final CapturePacket packet) {
        while (truncatedAt < 0) {
            position = window.slide(position, 12);
            int remaining = buffer.capacity() - position;
            if (remaining == 0) {
                return false;
            }
            if (remaining < 12) {
                truncatedAt = window.start() + position;
                return false;
            }
            final int type = buffer.getInt(position, order);
            if (type == SECTION_HEADER) {
                order = byteOrder(position);
            }
            final long length = Integer.toUnsignedLong(buffer.getInt(position + 4, order));
            if (length < 12 || length % 4 != 0 || length > MAX_BLOCK_LENGTH) {
                throw corrupt("corrupt block length " + length + " (a multiple of 4, at least 12, at most " + MAX_BLOCK_LENGTH + ")");
            }
            if (type == ENHANCED_PACKET || type == SIMPLE_PACKET) {
                requireSnapLength(type, length);
            }
            if (length > remaining) {
                position = window.slide(position, (int) length);
                remaining = buffer.capacity() - position;
                if (length > remaining) {
                    truncatedAt = window.start() + position;
                    return false;
                }
            }
            final int blockLength = (int) length;
            if (buffer.getInt(position + blockLength - 4, order) != blockLength) {
                throw corrupt("corrupt block length " + length + ": the length at the block's end is "
                        + Integer.toUnsignedLong(buffer.getInt(position + blockLength - 4, order)));
            }
            final boolean delivered = switch (type) {
                case SECTION_HEADER -> startSection(blockLength);
                case INTERFACE_DESCRIPTION -> addInterface(blockLength);
                case ENHANCED_PACKET -> enhancedPacket(blockLength, packet);
                case SIMPLE_PACKET -> simplePacket(blockLength, packet);
                default -> false;
            };
            position += blockLength;
            if (delivered) {
                return true;
            }
        }
        return false;
    }

    private ByteOrder byteOrder(final int sectionStart) {
        final int magic = buffer.getInt(sectionStart + 8, ByteOrder.BIG_ENDIAN);
        if (magic == BYTE_ORDER_MAGIC) {
            return ByteOrder.BIG_ENDIAN;
        }
        if (magic == Integer.reverseBytes(BYTE_ORDER_MAGIC)) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        throw new CaptureFormatException(name, window.start() + sectionStart, ordinal + 1, String.format(
                "section header block: byte-order magic 0x%08x is not 0x1a2b3c4d in either byte order", magic));
    }

    /**
     * Refuses a packet block longer than its interface's snapshot length allows: a damaged length, not a block that
     * the end of the file may have cut. An interface of snapshot length 0 (no limit) is bounded by
     * {@link #MAX_BLOCK_LENGTH} only; a block naming an undescribed interface is refused when it is read.
     */
    private void requireSnapLength(final int type, final long length) {
        final int interfaceIndex = type == SIMPLE_PACKET ? 0 : buffer.getInt(position + 8, order);
        if (interfaceIndex < 0 || interfaceIndex >= interfaces || snapLengths[interfaceIndex] == 0) {
            return;
        }
        final long snapLength = Integer.toUnsignedLong(snapLengths[interfaceIndex]);
        final long padded = (snapLength + 3) & ~3L;
        final long longest = type == SIMPLE_PACKET ? SIMPLE_PACKET_OVERHEAD + padded
                : ENHANCED_PACKET_OVERHEAD + padded + MAX_OPTIONS_LENGTH;
        if (length > longest) {
            throw corrupt((type == SIMPLE_PACKET ? "simple" : "enhanced") + " packet: corrupt block length " + length + ": interface "
                    + interfaceIndex + "'s snapshot length of " + snapLength + " bytes allows at most " + longest);
        }
    }

    private boolean startSection(final int blockLength) {
        requireLength(blockLength, MIN_SECTION_HEADER_LENGTH, "section header");
        interfaces = 0;
        return false;
    }

    private boolean addInterface(final int blockLength) {
        requireLength(blockLength, 20, "interface description");
        if (interfaces == linkTypes.length) {
            // grows only when a capture has more interfaces than any before: never per packet
            linkTypes = Arrays.copyOf(linkTypes, interfaces * 2);
            snapLengths = Arrays.copyOf(snapLengths, interfaces * 2);
            resolutions = Arrays.copyOf(resolutions, interfaces * 2);
            offsetNanos = Arrays.copyOf(offsetNanos, interfaces * 2);
        }
        linkTypes[interfaces] = buffer.getShort(position + 8, order) & 0xFFFF;
        snapLengths[interfaces] = buffer.getInt(position + 12, order);
        resolutions[interfaces] = TimestampResolution.MICROSECONDS;
        offsetNanos[interfaces] = 0;
        final int end = position + blockLength - 4;
        int option = position + 16;
        while (option + 4 <= end) {
            final int code = buffer.getShort(option, order) & 0xFFFF;
            final int length = buffer.getShort(option + 2, order) & 0xFFFF;
            if (code == OPTION_END) {
                break;
            }
            if (option + 4 + length > end) {
                throw corrupt("interface description: option " + code + " of " + length + " bytes runs past the block");
            }
            if (code == OPTION_TSRESOL && length >= 1) {
                final int resolution = buffer.getByte(option + 4) & 0xFF;
                if (!TimestampResolution.supported(resolution)) {
                    throw corrupt(String.format("interface description: if_tsresol 0x%02x is finer than this reader supports", resolution));
                }
                resolutions[interfaces] = resolution;
            } else if (code == OPTION_TSOFFSET && length >= 8) {
                final long seconds = buffer.getLong(option + 4, order);
                if (seconds > Long.MAX_VALUE / 1_000_000_000L || seconds < -(Long.MAX_VALUE / 1_000_000_000L)) {
                    throw corrupt("interface description: if_tsoffset " + seconds + " s is more than 292 years");
                }
                offsetNanos[interfaces] = seconds * 1_000_000_000L;
            }
            option += 4 + ((length + 3) & ~3);
        }
        interfaces++;
        return false;
    }

    private boolean enhancedPacket(final int blockLength, final CapturePacket packet) {
        requireLength(blockLength, 32, "enhanced packet");
        final int interfaceIndex = buffer.getInt(position + 8, order);
        requireInterface(interfaceIndex);
        final long units = (Integer.toUnsignedLong(buffer.getInt(position + 12, order)) << 32)
                | Integer.toUnsignedLong(buffer.getInt(position + 16, order));
        final long captured = Integer.toUnsignedLong(buffer.getInt(position + 20, order));
        final long original = Integer.toUnsignedLong(buffer.getInt(position + 24, order));
        if (captured > blockLength - 32) {
            throw corrupt("enhanced packet: captured length " + captured + " exceeds the block's " + (blockLength - 32) + " data bytes");
        }
        if (snapLengths[interfaceIndex] != 0 && captured > Integer.toUnsignedLong(snapLengths[interfaceIndex])) {
            throw corrupt("enhanced packet: captured length " + captured + " exceeds interface " + interfaceIndex + "'s snapshot length of "
                    + Integer.toUnsignedLong(snapLengths[interfaceIndex]) + " bytes");
        }
        if (!fitsNanos(units, interfaceIndex)) {
            throw corrupt("enhanced packet: timestamp " + Long.toUnsignedString(units) + " in the units of interface " + interfaceIndex
                    + " is after 2262-04-11, beyond nanoseconds since 1970 in 63 bits");
        }
        lastTimestamp = nanos(units, interfaceIndex);
        timed = true;
        ordinal++;
        packet.set(buffer, window.start(), interfaceIndex, linkTypes[interfaceIndex], lastTimestamp, (int) captured, original,
                position + 28, ordinal, window.start() + position);
        return true;
    }

    /** @return whether a timestamp of {@code units} on the interface is a time before 2262 in nanoseconds since 1970 */
    private boolean fitsNanos(final long units, final int interfaceIndex) {
        if (!TimestampResolution.fitsNanos(units, resolutions[interfaceIndex])) {
            return false;
        }
        final long nanos = TimestampResolution.toNanos(units, resolutions[interfaceIndex]);
        final long offset = offsetNanos[interfaceIndex];
        final long shifted = nanos + offset;
        // a time past 2262 would wrap around to one before 1970 (or near it) and misplace every window after it
        return ((nanos ^ shifted) & (offset ^ shifted)) >= 0;
    }

    /** @return the timestamp in nanoseconds since 1970; {@link #fitsNanos} must hold */
    private long nanos(final long units, final int interfaceIndex) {
        return TimestampResolution.toNanos(units, resolutions[interfaceIndex]) + offsetNanos[interfaceIndex];
    }

    /**
     * The time for the simple packet blocks before the file's first timed packet: that of the first enhanced packet
     * block after them, of an interface described so far, in the same section. Looks ahead once (the result is
     * kept); a damaged block ends the search, and the normal reading reports it where it is.
     *
     * @return the time, or 0 if the section has no such block
     */
    private long firstTimestampAhead() {
        int at = position;
        while (at + 12 <= buffer.capacity()) {
            final int type = buffer.getInt(at, order);
            final long length = Integer.toUnsignedLong(buffer.getInt(at + 4, order));
            if (type == SECTION_HEADER || length < 12 || length % 4 != 0 || length > buffer.capacity() - at) {
                break;
            }
            if (type == ENHANCED_PACKET && length >= ENHANCED_PACKET_OVERHEAD) {
                final int interfaceIndex = buffer.getInt(at + 8, order);
                final long units = (Integer.toUnsignedLong(buffer.getInt(at + 12, order)) << 32)
                        | Integer.toUnsignedLong(buffer.getInt(at + 16, order));
                if (interfaceIndex >= 0 && interfaceIndex < interfaces && fitsNanos(units, interfaceIndex)) {
                    return nanos(units, interfaceIndex);
                }
                break;
            }
            at += (int) length;
        }
        return 0;
    }

    private boolean simplePacket(final int blockLength, final CapturePacket packet) {
        requireLength(blockLength, 16, "simple packet");
        requireInterface(0);
        final long original = Integer.toUnsignedLong(buffer.getInt(position + 8, order));
        long captured = Math.min(original, blockLength - 16);
        if (snapLengths[0] > 0) {
            captured = Math.min(captured, Integer.toUnsignedLong(snapLengths[0]));
        }
        if (!timed) {
            lastTimestamp = firstTimestampAhead();
            timed = true;
        }
        untimedPackets++;
        ordinal++;
        packet.set(buffer, window.start(), 0, linkTypes[0], lastTimestamp, (int) captured, original, position + 12, ordinal,
                window.start() + position);
        return true;
    }

    private void requireLength(final int blockLength, final int minimum, final String block) {
        if (blockLength < minimum) {
            throw corrupt(block + " block: corrupt block length " + blockLength + " (at least " + minimum + ")");
        }
    }

    private void requireInterface(final int interfaceIndex) {
        if (interfaceIndex < 0 || interfaceIndex >= interfaces) {
            throw corrupt("packet block names interface " + Integer.toUnsignedLong(interfaceIndex) + " but the section describes "
                    + interfaces);
        }
    }

    private CaptureFormatException corrupt(final String message) {
        return new CaptureFormatException(name, window.start() + position, ordinal + 1, message);
    }

    @Override
    public long truncatedAt() {
        return truncatedAt;
    }

    @Override
    public long untimedPackets() {
        return untimedPackets;
    }

    @Override
    public void rewind() {
        position = 0;
        ordinal = 0;
        truncatedAt = -1;
        lastTimestamp = 0;
        timed = false;
        untimedPackets = 0;
        interfaces = 0;
        order = byteOrder(0);
    }
}
