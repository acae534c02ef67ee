package dev.weir.jobs.scenario;

import dev.weir.operator.Collector;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;

/**
 * The scenario's window function: one canonical {@code FIRE} line per firing, with the
 * count, the exact sum of values (beyond 64 bits if need be, never wrapped), the element
 * timestamps in state order and the watermark ({@link WindowResult#fireLine()}).
 *
 * @param <W> the window type
 */
public final class FireLineFunction<W extends Window> implements ProcessWindowFunction<ScenarioRecord, String, String, W> {
    @Override
    public void process(final String key, final Context<W> context, final Iterable<ScenarioRecord> elements, final Collector<String> out) {
        out.collect(WindowResult.of(key, context.window(), elements, context.currentWatermark(), true).fireLine());
    }
}
