package dev.weir.perf.bench;

import dev.weir.operator.Collector;
import dev.weir.state.CountSum;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.TimeWindow;
import java.io.Serializable;

/**
 * Labels a window's pre-aggregated count and sum ({@link dev.weir.state.CountSumAggregate}) with its key and window, one
 * {@link WindowCountSum} per fired window. Stateless and thread-safe; serializable, so an engine that ships functions
 * can run it.
 */
public final class CountSumOfWindow implements ProcessWindowFunction<CountSum, WindowCountSum, Integer, TimeWindow>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public void process(final Integer key, final Context<TimeWindow> context, final Iterable<CountSum> elements,
            final Collector<WindowCountSum> out) {
        final TimeWindow window = context.window();
        for (final CountSum total : elements) {
            out.collect(new WindowCountSum(key, window.start(), window.end(), total.count(), total.sum()));
        }
    }
}
