package dev.weir.perf.bench;

import dev.weir.api.DataStream;
import dev.weir.state.CountSumAggregate;
import dev.weir.window.TimeWindow;
import dev.weir.window.WindowAssigner;

/**
 * The operators the {@code sliding} and {@code session} pipelines share: keyBy, the keyed stage at the settings'
 * parallelism, the pipeline's time windows, and count and sum of the values per key and window, each result labelled
 * with its key and window. Stateless.
 */
final class CountSumWindows {
    private CountSumWindows() {
    }

    /**
     * @param source the source stream, timestamped and watermarked
     * @param settings the keyed stage's parallelism
     * @param windows the windows of each event
     * @return one result per key and fired window
     */
    static DataStream<WindowCountSum> of(final DataStream<BenchEvent> source, final BenchSettings settings,
            final WindowAssigner<? super BenchEvent, TimeWindow> windows) {
        return source.keyBy(BenchEvent.BY_KEY)
                .parallelism(settings.parallelism())
                .window(windows)
                .aggregate(new CountSumAggregate<>(BenchEvent.VALUE), new CountSumOfWindow());
    }
}
