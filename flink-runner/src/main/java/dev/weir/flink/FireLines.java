package dev.weir.flink;

import dev.weir.operator.OutputTag;
import dev.weir.pipelines.scenario.FireLineFunction;
import dev.weir.pipelines.scenario.ScenarioRecord;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.util.Collector;

/**
 * Flink's window function for scenarios: runs Weir's own {@link FireLineFunction} on each firing
 * of a Flink window, so the {@code FIRE} line is Weir's, character for character. Flink's window
 * becomes Weir's ({@code [start,end)} or {@code global}), Flink's current watermark is the
 * line's {@code wm=}. Not thread-safe (one per window operator instance, as Flink runs it).
 *
 * @param <W> Flink's window type
 */
final class FireLines<W extends org.apache.flink.streaming.api.windowing.windows.Window>
        extends ProcessWindowFunction<ScenarioRecord, String, String, W> {
    private static final long serialVersionUID = 1L;

    private transient FireLineFunction<Window> lines;
    private transient WeirWindowOf windows;

    @Override
    public void process(final String key, final Context context, final Iterable<ScenarioRecord> elements, final Collector<String> out) {
        if (lines == null) {
            lines = new FireLineFunction<>();
            windows = new WeirWindowOf();
        }
        lines.process(key, new WeirContext(windows.of(context.window()), context.currentWatermark(), context.currentProcessingTime()),
                elements, out::collect);
    }

    /** What Weir's window function sees of a Flink firing: the window and the times; it uses no state. */
    private static final class WeirContext implements dev.weir.window.ProcessWindowFunction.Context<Window> {
        private final Window window;
        private final long watermark;
        private final long processingTime;

        WeirContext(final Window window, final long watermark, final long processingTime) {
            this.window = window;
            this.watermark = watermark;
            this.processingTime = processingTime;
        }

        @Override
        public Window window() {
            return window;
        }

        @Override
        public long currentWatermark() {
            return watermark;
        }

        @Override
        public long currentProcessingTime() {
            return processingTime;
        }

        @Override
        public <S extends KeyedState> S windowState(final StateDescriptor<S> descriptor) {
            throw new UnsupportedOperationException("the scenario's window function keeps no state");
        }

        @Override
        public <S extends KeyedState> S globalState(final StateDescriptor<S> descriptor) {
            throw new UnsupportedOperationException("the scenario's window function keeps no state");
        }

        @Override
        public <X> void output(final OutputTag<X> tag, final X value) {
            throw new UnsupportedOperationException("the scenario's window function has no side output");
        }
    }
}
