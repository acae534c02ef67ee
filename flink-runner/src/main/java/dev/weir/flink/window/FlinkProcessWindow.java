package dev.weir.flink.window;

import dev.weir.window.Window;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.util.Collector;

/**
 * A Weir {@link dev.weir.window.ProcessWindowFunction} as Flink's, call for call: {@code process}
 * and {@code clear} get Weir's context over Flink's ({@link WeirWindowContext}: the window as
 * Weir's, Flink's watermark and processing time, window and global state, side outputs), and
 * Weir's collector forwards to Flink's, which stamps results with the window's maxTimestamp as
 * Weir does. Not thread-safe: Flink calls one instance from one task thread.
 *
 * @param <W> Flink's window type
 */
public final class FlinkProcessWindow<W extends org.apache.flink.streaming.api.windowing.windows.Window>
        extends ProcessWindowFunction<Object, Object, Object, W> {
    private static final long serialVersionUID = 1L;

    private final dev.weir.window.ProcessWindowFunction<Object, Object, Object, Window> function;
    private transient WeirWindowContext context;
    private transient ForwardingCollector out;

    @SuppressWarnings("unchecked")
    public FlinkProcessWindow(final dev.weir.window.ProcessWindowFunction<?, ?, ?, ?> function) {
        this.function = (dev.weir.window.ProcessWindowFunction<Object, Object, Object, Window>) function;
    }

    @Override
    public void process(final Object key, final Context ctx, final Iterable<Object> elements, final Collector<Object> collector) {
        if (out == null) {
            out = new ForwardingCollector();
        }
        function.process(key, context(ctx), elements, out.to(collector));
    }

    @Override
    public void clear(final Context ctx) {
        function.clear(context(ctx));
    }

    private WeirWindowContext context(final Context ctx) {
        if (context == null) {
            context = new WeirWindowContext();
        }
        return context.over(ctx);
    }

    /** Weir's collector forwarding to the Flink collector of the current call. */
    private static final class ForwardingCollector implements dev.weir.operator.Collector<Object> {
        private Collector<Object> flink;

        ForwardingCollector to(final Collector<Object> collector) {
            this.flink = collector;
            return this;
        }

        @Override
        public void collect(final Object value) {
            flink.collect(value);
        }
    }
}
