package dev.weir.codec.statsd;

import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;

/** Test payloads placed inside a larger buffer, so that a parser reading outside its range would be seen. */
final class Payloads {
    /** Bytes before the payload in the buffer. */
    static final int OFFSET = 5;

    private Payloads() {
    }

    /** @return a buffer holding {@code junk:1|c\n} around the UTF-8 payload, which starts at {@link #OFFSET} */
    static UnsafeBuffer inBuffer(final String payload) {
        final byte[] text = payload.getBytes(StandardCharsets.UTF_8);
        final byte[] bytes = new byte[OFFSET + text.length + OFFSET];
        final byte[] junk = "x:1|c\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(junk, 1, bytes, 0, OFFSET);
        System.arraycopy(text, 0, bytes, OFFSET, text.length);
        System.arraycopy(junk, 0, bytes, OFFSET + text.length, OFFSET);
        return new UnsafeBuffer(bytes);
    }

    /** @return the payload's length in bytes */
    static int length(final String payload) {
        return payload.getBytes(StandardCharsets.UTF_8).length;
    }
}
