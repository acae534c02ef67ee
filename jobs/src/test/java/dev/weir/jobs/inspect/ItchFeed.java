package dev.weir.jobs.inspect;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchMessageWriter;
import dev.weir.pipelines.generate.MoldUdp64Framer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Test feed: MoldUDP64 packets of ITCH messages written to a capture, one datagram per packet from 10.0.0.1:40000
 * to 233.54.12.111:26400, remembering what a reader should find: each delivered message's type and timestamp in
 * arrival order, the packets dropped (never written), resent and held back (written after later ones).
 */
final class ItchFeed implements AutoCloseable {
    static final int SOURCE = 10 << 24 | 1;
    static final int GROUP = 233 << 24 | 54 << 16 | 12 << 8 | 111;
    static final int PORT = 26_400;
    /** 2026-11-30 09:30 UTC, ns since the epoch: the capture clock. */
    static final long OPEN = (1_795_996_800L + 34_200) * 1_000_000_000L;

    private final CaptureWriter writer;
    private final MoldUdp64Framer framer;
    private final ItchMessageWriter itch = new ItchMessageWriter();
    private final List<Character> types = new ArrayList<>();
    private final List<Long> timestamps = new ArrayList<>();
    private final List<Character> packetTypes = new ArrayList<>();
    private final List<Long> packetTimestamps = new ArrayList<>();
    private final List<UnsafeBuffer> held = new ArrayList<>();
    private final List<List<Character>> heldTypes = new ArrayList<>();
    private final List<List<Long>> heldTimestamps = new ArrayList<>();
    private long captureNanos = OPEN;
    private long datagrams;

    ItchFeed(final Path file, final String session) {
        this.writer = CaptureWriter.create(file, CaptureEncoding.PCAP_NANOSECONDS);
        this.framer = new MoldUdp64Framer(session, 1, 1_400);
    }

    /** Adds a message of the type, its body zeroed, with the timestamp in ns since midnight. */
    ItchFeed message(final ItchMessageType type, final long timestampNanos) {
        final int at = framer.add(type.length());
        itch.headerOnly(framer.buffer(), at, type, 7, 0, timestampNanos);
        packetTypes.add(type.code());
        packetTimestamps.add(timestampNanos);
        return this;
    }

    /** Adds a message whose type byte and length are given as they are: unknown types, wrong lengths. */
    ItchFeed raw(final char type, final int length) {
        final int at = framer.add(length);
        framer.buffer().setMemory(at, length, (byte) 0);
        framer.buffer().putByte(at, (byte) type);
        return this;
    }

    /** Writes the packet (a heartbeat if it holds no message), and counts its messages as delivered. */
    ItchFeed send() {
        write(framer.buffer(), framer.length());
        types.addAll(packetTypes);
        timestamps.addAll(packetTimestamps);
        return next();
    }

    /** Writes the packet twice: the copy's messages are duplicates. */
    ItchFeed sendTwice() {
        write(framer.buffer(), framer.length());
        return send();
    }

    /** Holds the packet back, to be sent by {@link #release} after later ones: reordered. */
    ItchFeed hold() {
        final UnsafeBuffer copy = new UnsafeBuffer(new byte[framer.length()]);
        copy.putBytes(0, framer.buffer(), 0, framer.length());
        held.add(copy);
        heldTypes.add(List.copyOf(packetTypes));
        heldTimestamps.add(List.copyOf(packetTimestamps));
        return next();
    }

    /** Sends the last packet held back; its messages are delivered now. */
    ItchFeed release() {
        return release(held.size() - 1);
    }

    /**
     * Sends a packet held back; its messages are delivered now (the first time).
     *
     * @param index the packet's place among those held, from 0
     */
    ItchFeed release(final int index) {
        write(held.get(index), held.get(index).capacity());
        types.addAll(heldTypes.get(index));
        timestamps.addAll(heldTimestamps.get(index));
        heldTypes.set(index, List.of());
        heldTimestamps.set(index, List.of());
        return this;
    }

    /** Drops the packet: its sequence numbers are a gap. */
    ItchFeed drop() {
        return next();
    }

    /** Writes a datagram that is not MoldUDP64. */
    ItchFeed junk(final String text) {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        write(new UnsafeBuffer(bytes), bytes.length);
        return this;
    }

    /** Writes a text datagram to another port of the same group. */
    ItchFeed other(final int port, final String text) {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        writeTo(port, new UnsafeBuffer(bytes), bytes.length);
        return this;
    }

    private ItchFeed next() {
        packetTypes.clear();
        packetTimestamps.clear();
        framer.next();
        return this;
    }

    private void write(final DirectBuffer payload, final int length) {
        writeTo(PORT, payload, length);
    }

    private void writeTo(final int port, final DirectBuffer payload, final int length) {
        captureNanos += 1_000_000;
        writer.datagram(captureNanos, SOURCE, 40_000, GROUP, port, payload, 0, length);
        datagrams++;
    }

    /** @return the sequence number the next packet starts at */
    long nextSequence() {
        return framer.sequenceNumber();
    }

    /** @return datagrams written so far: the next one's packet number, less one */
    long datagrams() {
        return datagrams;
    }

    /** @return the type letters of the delivered well-formed messages, in order */
    List<Character> types() {
        return types;
    }

    /** @return the timestamps (ns since midnight) of the delivered well-formed messages, in order */
    List<Long> timestamps() {
        return timestamps;
    }

    /** @return the time of the last datagram written, ns since the epoch */
    long lastCaptureNanos() {
        return captureNanos;
    }

    @Override
    public void close() {
        writer.close();
    }
}
