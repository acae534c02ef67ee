package dev.weir.pipelines.scenario;

import dev.weir.event.Watermarks;
import dev.weir.operator.Collector;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;

/**
 * The scenario's window function: one canonical {@code FIRE} line per firing, with the
 * count, the sum of values, the element timestamps in state order and the watermark.
 *
 * @param <W> the window type
 */
public final class FireLineFunction<W extends Window> implements ProcessWindowFunction<ScenarioRecord, String, String, W> {
    @Override
    public void process(final String key, final Context<W> context, final Iterable<ScenarioRecord> elements, final Collector<String> out) {
        long count = 0;
        long sum = 0;
        final StringBuilder timestamps = new StringBuilder();
        for (final ScenarioRecord element : elements) {
            if (count > 0) {
                timestamps.append(',');
            }
            timestamps.append(element.timestamp());
            count++;
            sum += element.value();
        }
        out.collect("FIRE key=" + key + " window=" + context.window() + " count=" + count + " sum=" + sum
                + " elements=[" + timestamps + "] wm=" + Watermarks.format(context.currentWatermark()));
    }
}
