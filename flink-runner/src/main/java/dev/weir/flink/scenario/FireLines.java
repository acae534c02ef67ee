package dev.weir.flink.scenario;

import dev.weir.flink.window.WeirWindowOf;
import dev.weir.operator.OutputTag;
import dev.weir.jobs.scenario.FireLineFunction;
import dev.weir.jobs.scenario.WindowJoinFunction;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.window.GlobalWindow;
import dev.weir.window.TimeWindow;
import dev.weir.window.Window;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.function.SerializableSupplier;

/**
 * Flink's window function for scenarios: runs Weir's own window function on each firing of a
 * Flink window, so the line is Weir's, character for character: {@link FireLineFunction}'s
 * {@code FIRE} line, or for a window join {@link WindowJoinFunction}'s {@code JOIN} lines, the
 * nested loop of the window's left and right elements in state order. Flink's window becomes
 * Weir's ({@code [start,end)} or {@code global}), Flink's current watermark is the line's
 * {@code wm=}. Not thread-safe (one per window operator instance, as Flink runs it).
 *
 * @param <T> the window's element type
 * @param <W> Flink's window type
 */
final class FireLines<T, W extends org.apache.flink.streaming.api.windowing.windows.Window>
        extends ProcessWindowFunction<T, String, String, W> {
    private static final long serialVersionUID = 1L;

    private final SerializableSupplier<dev.weir.window.ProcessWindowFunction<T, String, String, Window>> function;
    private transient dev.weir.window.ProcessWindowFunction<T, String, String, Window> lines;
    private transient WeirWindowOf windows;

    /** @param function makes the Weir window function, once per operator instance (Weir's functions are not serializable) */
    FireLines(final SerializableSupplier<dev.weir.window.ProcessWindowFunction<T, String, String, Window>> function) {
        this.function = function;
    }

    @Override
    public void process(final String key, final Context context, final Iterable<T> elements, final Collector<String> out) {
        if (lines == null) {
            lines = function.get();
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
