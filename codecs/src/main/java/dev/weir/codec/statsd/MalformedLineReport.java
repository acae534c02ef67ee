package dev.weir.codec.statsd;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reports skipped StatsD lines without flooding the output: the first {@link #PRINTED} are written one
 * per line as {@code packet P, payload byte N: reason} (N counted from the payload's first byte), the rest only counted, and {@link #finish} writes
 * {@code T malformed lines skipped}, T counting every malformed line, printed or not,
 * (nothing if none are left). The caller numbers the
 * packets ({@link #packet}) in whatever way its input does, e.g. from 1 in capture order; the report
 * writes to the {@link Appendable} it is given and does nothing else, so it can be checked with a
 * {@link StringBuilder}. Counting after the first ten allocates nothing. Not thread-safe.
 */
public final class MalformedLineReport implements MalformedLineListener {
    /** How many malformed lines are written out in full. */
    public static final int PRINTED = 10;

    private final Appendable out;
    private long packet;
    private long total;

    /** @param out where the report lines go, each ending in {@code \n} */
    public MalformedLineReport(final Appendable out) {
        this.out = out;
    }

    /**
     * Sets the packet the next malformed lines belong to.
     *
     * @param number the packet's number as the caller shows it to the user
     * @return this report, to pass as the listener of that packet's parse
     */
    public MalformedLineReport packet(final long number) {
        this.packet = number;
        return this;
    }

    @Override
    public void onMalformed(final int lineOffset, final MalformedReason reason) {
        total++;
        if (total <= PRINTED) {
            write("packet " + packet + ", payload byte " + lineOffset + ": " + reason.text() + "\n");
        }
    }

    /** @return every malformed line seen so far, printed or not */
    public long total() {
        return total;
    }

    /** @return the malformed lines seen but not printed */
    public long unprinted() {
        return Math.max(0, total - PRINTED);
    }

    /**
     * Writes the total, {@code T malformed lines skipped}, if more lines were malformed than were printed; call
     * once, after the last packet. The total counts the printed lines too, so it agrees with a summary's count.
     */
    public void finish() {
        if (unprinted() > 0) {
            write(total + " malformed lines skipped\n");
        }
    }

    private void write(final String text) {
        try {
            out.append(text);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the malformed-line report", e);
        }
    }
}
