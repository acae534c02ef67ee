package dev.weir.flink.window;

import dev.weir.flink.state.FlinkStateBinding;
import dev.weir.operator.OutputTag;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;
import dev.weir.window.ProcessWindowFunction;
import dev.weir.window.Window;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.state.KeyedStateStore;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Weir's window-function context over Flink's, for one call at a time: the window as Weir's,
 * Flink's watermark and processing time, the window's and the key's state in Flink's state ({@link FlinkStateBinding}), and
 * side outputs as Flink's of the same tag id (so a {@code sideOutput(tag, sink)} step finds them).
 * Not thread-safe: one per function instance, re-pointed at each call.
 */
final class WeirWindowContext implements ProcessWindowFunction.Context<Window> {
    private static final TypeInformation<Object> ANY = TypeInformation.of(Object.class);

    private final WeirWindowOf windows = new WeirWindowOf();
    /** Flink's tag of each Weir tag id used so far: Flink's tags are equal by id, so one per id serves every call. */
    private final Map<String, org.apache.flink.util.OutputTag<Object>> tags = new HashMap<>();
    private org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<?, ?, ?, ?>.Context flink;
    /** Flink's window operator hands out the same two stores on every call, so each is bound to Weir's state once. */
    private KeyedStateStore windowStore;
    private FlinkStateBinding windowBinding;
    private KeyedStateStore globalStore;
    private FlinkStateBinding globalBinding;

    /**
     * @param context Flink's context of the current call
     * @return this context, over Flink's
     */
    WeirWindowContext over(final org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<?, ?, ?, ?>.Context context) {
        this.flink = context;
        return this;
    }

    @Override
    public Window window() {
        return windows.of(flink.window());
    }

    @Override
    public long currentWatermark() {
        return flink.currentWatermark();
    }

    @Override
    public long currentProcessingTime() {
        return flink.currentProcessingTime();
    }

    @Override
    public <S extends KeyedState> S windowState(final StateDescriptor<S> descriptor) {
        // Flink refuses per-window state on merging windows here, as Weir does
        final KeyedStateStore store = flink.windowState();
        if (store != windowStore) {
            windowBinding = FlinkStateBinding.of(store);
            windowStore = store;
        }
        return windowBinding.state(descriptor);
    }

    @Override
    public <S extends KeyedState> S globalState(final StateDescriptor<S> descriptor) {
        final KeyedStateStore store = flink.globalState();
        if (store != globalStore) {
            globalBinding = FlinkStateBinding.of(store);
            globalStore = store;
        }
        return globalBinding.state(descriptor);
    }

    @Override
    public <X> void output(final OutputTag<X> tag, final X value) {
        flink.output(tags.computeIfAbsent(tag.id(), id -> new org.apache.flink.util.OutputTag<>(id, ANY)), value);
    }
}
