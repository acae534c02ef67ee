package dev.weir.codec.statsd;

/**
 * Told about each line of a datagram that {@link StatsdParser} skips. Called on the parsing thread,
 * in line order, interleaved with the metrics of the good lines.
 */
@FunctionalInterface
public interface MalformedLineListener {
    /** Ignores every malformed line. */
    MalformedLineListener IGNORE = (lineOffset, reason) -> { };

    /**
     * @param lineOffset the byte offset of the line's first byte within the payload (0 for the first line)
     * @param reason why the line was skipped
     */
    void onMalformed(int lineOffset, MalformedReason reason);
}
