package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.ReplayWarnings;

/**
 * Lets a {@link dev.weir.codec.statsd.MalformedLineReport} write to a replay's {@link ReplayWarnings}: the
 * text it appends is cut at each {@code \n} into one warning per line, prefixed with the capture file's name
 * while one is set ({@code statsd.pcap: packet 12, payload byte 40: empty name}: file, packet, offset of the line in the payload).
 * The report writes only its first ten lines and its final count, so this allocates nothing in steady state.
 * Not thread-safe: the decoder's thread owns it.
 */
final class WarningLines implements Appendable {
    private final ReplayWarnings warnings;
    private final StringBuilder line = new StringBuilder();
    private String file;

    /** @param warnings where each complete line goes */
    WarningLines(final ReplayWarnings warnings) {
        this.warnings = warnings;
    }

    /** @param name the capture file the next lines are about, or null for lines about no file (the final count) */
    void file(final String name) {
        this.file = name;
    }

    @Override
    public Appendable append(final CharSequence text) {
        return append(text, 0, text.length());
    }

    @Override
    public Appendable append(final CharSequence text, final int start, final int end) {
        for (int i = start; i < end; i++) {
            append(text.charAt(i));
        }
        return this;
    }

    @Override
    public Appendable append(final char c) {
        if (c != '\n') {
            line.append(c);
            return this;
        }
        warnings.warn(file == null ? line.toString() : file + ": " + line);
        line.setLength(0);
        return this;
    }
}
