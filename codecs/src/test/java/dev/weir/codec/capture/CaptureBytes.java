package dev.weir.codec.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds capture files byte by byte in a chosen byte order: pcap headers and records, pcapng blocks. */
final class CaptureBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order;

    CaptureBytes(final ByteOrder order) {
        this.order = order;
    }

    CaptureBytes order(final ByteOrder newOrder) {
        this.order = newOrder;
        return this;
    }

    CaptureBytes int8(final int value) {
        out.write(value);
        return this;
    }

    CaptureBytes int16(final int value) {
        return raw(ByteBuffer.allocate(2).order(order).putShort((short) value).array());
    }

    CaptureBytes int32(final long value) {
        return raw(ByteBuffer.allocate(4).order(order).putInt((int) value).array());
    }

    CaptureBytes int64(final long value) {
        return raw(ByteBuffer.allocate(8).order(order).putLong(value).array());
    }

    CaptureBytes raw(final byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    /** A pcap file header with the given magic (written in this builder's byte order). */
    CaptureBytes pcapHeader(final int magic, final int snapLength, final int linkType) {
        return int32(magic).int16(2).int16(4).int32(0).int32(0).int32(snapLength).int32(linkType);
    }

    /** A pcap record: header and data. */
    CaptureBytes pcapRecord(final long seconds, final long fraction, final byte[] data, final long originalLength) {
        return int32(seconds).int32(fraction).int32(data.length).int32(originalLength).raw(data);
    }

    /** A pcapng block: type, total length, body padded to 4 bytes, total length again. */
    CaptureBytes block(final int type, final byte[] body) {
        final int padded = (body.length + 3) & ~3;
        int32(type).int32(12 + padded).raw(body).raw(new byte[padded - body.length]);
        return int32(12 + padded);
    }

    /** A section header block in this builder's byte order, section length unknown. */
    CaptureBytes sectionHeader() {
        return block(0x0A0D0D0A, body().int32(0x1A2B3C4D).int16(1).int16(0).int64(-1).bytes());
    }

    /** An interface description block; {@code tsresol} < 0 leaves the option out. */
    CaptureBytes interfaceDescription(final int linkType, final int snapLength, final int tsresol) {
        final CaptureBytes body = body().int16(linkType).int16(0).int32(snapLength);
        if (tsresol >= 0) {
            body.int16(9).int16(1).int8(tsresol).int8(0).int8(0).int8(0).int16(0).int16(0);
        }
        return block(1, body.bytes());
    }

    /**
     * An interface description block; {@code tsresol} < 0 leaves that option out, {@code tsoffsetSeconds} 0 the
     * other. An unknown option (if_name) comes first, so that options are walked, not found at fixed places.
     */
    CaptureBytes interfaceDescription(final int linkType, final int snapLength, final int tsresol, final long tsoffsetSeconds) {
        final CaptureBytes body = body().int16(linkType).int16(0).int32(snapLength);
        body.int16(2).int16(2).raw("lo".getBytes(StandardCharsets.US_ASCII)).int16(0);
        if (tsresol >= 0) {
            body.int16(9).int16(1).int8(tsresol).int8(0).int8(0).int8(0);
        }
        if (tsoffsetSeconds != 0) {
            body.int16(14).int16(8).int64(tsoffsetSeconds);
        }
        return block(1, body.int16(0).int16(0).bytes());
    }

    /** An enhanced packet block with a 64-bit timestamp in the interface's units. */
    CaptureBytes enhancedPacket(final int interfaceIndex, final long units, final byte[] data, final long originalLength) {
        final int padded = (data.length + 3) & ~3;
        return block(6, body().int32(interfaceIndex).int32(units >>> 32).int32(units).int32(data.length).int32(originalLength)
                .raw(data).raw(new byte[padded - data.length]).bytes());
    }

    /** A simple packet block. */
    CaptureBytes simplePacket(final byte[] data, final long originalLength) {
        return block(3, body().int32(originalLength).raw(data).bytes());
    }

    private CaptureBytes body() {
        return new CaptureBytes(order);
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    Path write(final Path file) {
        try {
            return Files.write(file, bytes());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
