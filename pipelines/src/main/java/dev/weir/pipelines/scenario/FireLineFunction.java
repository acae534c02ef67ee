package dev.weir.pipelines.scenario;

import dev.weir.event.Watermarks;
import dev.weir.operator.Collector;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;
import java.math.BigInteger;

/**
 * The scenario's window function: one canonical {@code FIRE} line per firing, with the
 * count, the exact sum of values (beyond 64 bits if need be, never wrapped), the element
 * timestamps in state order and the watermark.
 *
 * @param <W> the window type
 */
public final class FireLineFunction<W extends Window> implements ProcessWindowFunction<ScenarioRecord, String, String, W> {
    @Override
    public void process(final String key, final Context<W> context, final Iterable<ScenarioRecord> elements, final Collector<String> out) {
        long count = 0;
        long sum = 0;
        // Takes over once the sum leaves the range of long, so sum= stays exact, never wraps.
        BigInteger wideSum = null;
        final StringBuilder timestamps = new StringBuilder();
        for (final ScenarioRecord element : elements) {
            if (count > 0) {
                timestamps.append(',');
            }
            timestamps.append(element.timestamp());
            count++;
            if (wideSum != null) {
                wideSum = wideSum.add(BigInteger.valueOf(element.value()));
            } else {
                final long next = sum + element.value();
                // overflow iff both operands have the sign the result lacks
                if (((sum ^ next) & (element.value() ^ next)) < 0) {
                    wideSum = BigInteger.valueOf(sum).add(BigInteger.valueOf(element.value()));
                } else {
                    sum = next;
                }
            }
        }
        out.collect("FIRE key=" + key + " window=" + context.window() + " count=" + count + " sum=" + (wideSum != null ? wideSum : sum)
                + " elements=[" + timestamps + "] wm=" + Watermarks.format(context.currentWatermark()));
    }
}
