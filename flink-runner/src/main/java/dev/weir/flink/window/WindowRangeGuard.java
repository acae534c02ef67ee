package dev.weir.flink.window;

import dev.weir.window.SessionGapExtractor;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * The range check of {@link FlinkWindowRange} at run time, on the records entering a window, for
 * what the translation cannot check beforehand: records whose event times are not known before the
 * job runs, and sessions whose gap each record chooses. A record whose windows Flink would compute
 * past the 64-bit range fails the job with the message the translation gives, instead of being
 * windowed with wrapped bounds; every other record passes on with its timestamp. Stateless apart
 * from the user's gap extractor, so as thread-safe as it.
 */
public final class WindowRangeGuard extends ProcessFunction<Object, Object> {
    private static final long serialVersionUID = 1L;

    private final int step;
    private final WindowArithmetic window;
    private final SessionGapExtractor<Object> gaps;

    /**
     * @param step the window step's index in the logical plan, for the message
     * @param window the window's arithmetic
     * @param gaps the dynamic gap of a session window, or null for the window's fixed parameters
     */
    @SuppressWarnings("unchecked")
    public WindowRangeGuard(final int step, final WindowArithmetic window, final SessionGapExtractor<?> gaps) {
        this.step = step;
        this.window = window;
        this.gaps = (SessionGapExtractor<Object>) gaps;
    }

    @Override
    public void processElement(final Object value, final Context ctx, final Collector<Object> out) {
        final Long timestamp = ctx.timestamp();
        if (timestamp != null) {
            // a gap of 0 or less passes: Flink's assigner refuses it as Weir's does
            final long gap = gaps == null ? window.gapMillis() : gaps.gapOf(value);
            final String wrapped = gap > 0 || gaps == null ? FlinkWindowRange.wrapped(window, gap, timestamp) : null;
            if (wrapped != null) {
                throw new IllegalArgumentException("step " + step + " (window): a record at event time " + wrapped);
            }
        }
        out.collect(value);
    }
}
