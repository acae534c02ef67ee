package dev.weir.jobs.scenario;

import dev.weir.operator.Collector;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;
import java.util.ArrayList;
import java.util.List;

/**
 * The window function of a window join (docs/semantics.md §7): at each firing, for each left element of the
 * window in state order, each right element in state order, one {@code JOIN} line with the window and the
 * watermark; a window holding one input only emits nothing (an inner join).
 *
 * @param <W> the window type
 */
public final class WindowJoinFunction<W extends Window> implements ProcessWindowFunction<TaggedScenarioRecord, String, String, W> {
    @Override
    public void process(final String key, final Context<W> context, final Iterable<TaggedScenarioRecord> elements,
            final Collector<String> out) {
        final List<ScenarioRecord> lefts = new ArrayList<>();
        final List<ScenarioRecord> rights = new ArrayList<>();
        for (final TaggedScenarioRecord element : elements) {
            (element.input() == ScenarioInput.LEFT ? lefts : rights).add(element.record());
        }
        for (final ScenarioRecord left : lefts) {
            for (final ScenarioRecord right : rights) {
                out.collect(ScenarioLines.windowJoin(key, context.window(), left, right, context.currentWatermark()));
            }
        }
    }

    @Override
    public String toString() {
        return WindowJoinFunction.class.getName();
    }
}
