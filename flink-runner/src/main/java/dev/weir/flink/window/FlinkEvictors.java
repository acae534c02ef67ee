package dev.weir.flink.window;

import dev.weir.window.CountEvictor;
import dev.weir.window.TimeEvictor;
import java.time.Duration;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.api.windowing.windows.Window;

/**
 * Weir's evictors as Flink's (docs/flink.md): {@link CountEvictor} and {@link TimeEvictor} become
 * Flink's, which remove the same elements (the oldest beyond the count; those at or below the
 * newest timestamp minus the size, before or after the function as set); any other evictor is
 * wrapped ({@link WeirEvictorOnFlink}). Stateless.
 */
public final class FlinkEvictors {
    private FlinkEvictors() {
    }

    /**
     * @param evictor a pipeline's evictor
     * @param <W> Flink's window type
     * @return Flink's evictor removing the same elements
     */
    public static <W extends Window> Evictor<Object, W> of(final dev.weir.window.Evictor<?, ?> evictor) {
        if (evictor instanceof CountEvictor) {
            final CountEvictor<?> count = (CountEvictor<?>) evictor;
            return org.apache.flink.streaming.api.windowing.evictors.CountEvictor.of(count.maxCount(), count.isEvictAfter());
        }
        if (evictor instanceof TimeEvictor) {
            final TimeEvictor<?> time = (TimeEvictor<?>) evictor;
            return org.apache.flink.streaming.api.windowing.evictors.TimeEvictor.of(Duration.ofMillis(time.windowSizeMillis()),
                    time.isEvictAfter());
        }
        return new WeirEvictorOnFlink<>(evictor);
    }

    /** @return true if {@link #of} ships the user's evictor itself, which must then be serializable */
    public static boolean wraps(final dev.weir.window.Evictor<?, ?> evictor) {
        return !(evictor instanceof CountEvictor) && !(evictor instanceof TimeEvictor);
    }
}
