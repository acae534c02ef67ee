package dev.weir.perf;

import dev.weir.codec.itch.Alpha;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchMessageWriter;
import dev.weir.pipelines.generate.MoldUdp64Framer;
import java.nio.file.Path;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes a capture of hand-picked ITCH messages for tests: messages go into the current MoldUDP64 packet, which
 * {@link #send} writes as one datagram; {@link #resend} writes the last sent packet again, as a retransmission.
 * Times are milliseconds since midnight.
 */
final class ItchCapture implements AutoCloseable {
    private static final int SOURCE = 0x0A000001;
    private static final int GROUP = 0xE9363701;
    private static final int PORT = 26_400;

    final ItchMessageWriter messages = new ItchMessageWriter();
    private final MoldUdp64Framer framer = new MoldUdp64Framer("SESSION001", 1, 1_400);
    private final CaptureWriter writer;
    private final UnsafeBuffer lastSent = new UnsafeBuffer(new byte[1_400]);
    private int lastSentLength;

    ItchCapture(final Path file) {
        this.writer = CaptureWriter.create(file, CaptureEncoding.of(false, true));
    }

    static long nanos(final long millis) {
        return millis * 1_000_000L;
    }

    static long stock(final String symbol) {
        return Alpha.encode(symbol, 8);
    }

    /** @return the current packet's buffer, to write a message into at {@link #at} */
    MutableDirectBuffer buffer() {
        return framer.buffer();
    }

    /** @param length the next message's length @return where it goes in {@link #buffer()} */
    int at(final int length) {
        return framer.add(length);
    }

    /** Writes the current packet as one datagram captured at {@code millis}, then starts the next packet. */
    void send(final long millis) {
        lastSentLength = framer.length();
        lastSent.putBytes(0, framer.buffer(), 0, lastSentLength);
        writer.datagram(nanos(millis), SOURCE, PORT, GROUP, PORT, framer.buffer(), 0, framer.length());
        framer.next();
    }

    /** Writes the last sent packet again, captured at {@code millis}. */
    void resend(final long millis) {
        writer.datagram(nanos(millis), SOURCE, PORT, GROUP, PORT, lastSent, 0, lastSentLength);
    }

    @Override
    public void close() {
        writer.close();
    }
}
