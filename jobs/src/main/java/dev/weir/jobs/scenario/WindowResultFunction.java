package dev.weir.jobs.scenario;

import dev.weir.operator.Collector;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;

/**
 * The window function of {@code weir run}: one {@link WindowResult} per firing, with the element timestamps only
 * when the output prints them ({@code --format fire}). Its description, which a checkpoint records, is the same
 * either way, so a run may restore a checkpoint taken with another output format.
 *
 * @param <W> the window type
 */
public final class WindowResultFunction<W extends Window> implements ProcessWindowFunction<ScenarioRecord, WindowResult, String, W> {
    private final boolean withTimestamps;

    /** @param withTimestamps whether each result keeps its element timestamps */
    public WindowResultFunction(final boolean withTimestamps) {
        this.withTimestamps = withTimestamps;
    }

    /**
     * @param withTimestamps whether each result keeps its element timestamps
     * @return the window functions for every window type
     */
    public static WindowResults<WindowResult> results(final boolean withTimestamps) {
        return new WindowResults<>() {
            @Override
            public <W extends Window> ProcessWindowFunction<ScenarioRecord, WindowResult, String, W> function() {
                return new WindowResultFunction<>(withTimestamps);
            }
        };
    }

    @Override
    public void process(final String key, final Context<W> context, final Iterable<ScenarioRecord> elements,
            final Collector<WindowResult> out) {
        out.collect(WindowResult.of(key, context.window(), elements, context.currentWatermark(), withTimestamps));
    }

    @Override
    public String toString() {
        return WindowResultFunction.class.getName();
    }
}
