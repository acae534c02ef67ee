package dev.weir.api;

import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.KeySelector;
import dev.weir.window.CoGroupWindowFunction;
import dev.weir.window.Evictor;
import dev.weir.window.TaggedUnion;
import dev.weir.window.Trigger;
import dev.weir.window.UnionKeySelector;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import dev.weir.window.WindowOperator;
import java.time.Duration;
import java.util.Objects;

/**
 * What a window join or coGroup was given, and how it becomes a pipeline (docs/joins.md, "Window join and coGroup"),
 * as Flink builds it: tag both inputs and union them ({@link Unions}), key the union by either
 * input's key ({@link UnionKeySelector}), window it with the assigner, trigger, evictor and
 * allowed lateness given, and hand each firing's two groups to the coGroup function
 * ({@link CoGroupWindowFunction}). Shared by {@link JoinedStreams} and {@link CoGroupedStreams}.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 * @param <K> the key type
 * @param <W> the window type
 */
final class TaggedUnionWindow<T1, T2, K, W extends Window> {
    private final DataStream<T1> first;
    private final DataStream<T2> second;
    private final KeySelector<? super T1, K> firstKey;
    private final KeySelector<? super T2, K> secondKey;
    private final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner;
    private Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger;
    private Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor;
    private long allowedLatenessMillis;
    private int parallelism = 1;

    TaggedUnionWindow(final DataStream<T1> first, final DataStream<T2> second, final KeySelector<? super T1, K> firstKey,
            final KeySelector<? super T2, K> secondKey, final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
        this.first = first;
        this.second = second;
        this.firstKey = firstKey;
        this.secondKey = secondKey;
        this.assigner = Objects.requireNonNull(assigner, "assigner");
    }

    void trigger(final Trigger<? super TaggedUnion<T1, T2>, ? super W> windowTrigger) {
        Objects.requireNonNull(windowTrigger, "trigger");
        WindowOperator.requireCompatible(assigner, windowTrigger);
        this.trigger = windowTrigger;
    }

    void evictor(final Evictor<? super TaggedUnion<T1, T2>, ? super W> windowEvictor) {
        this.evictor = Objects.requireNonNull(windowEvictor, "evictor");
    }

    void allowedLateness(final Duration lateness) {
        Objects.requireNonNull(lateness, "lateness");
        if (lateness.isNegative()) {
            throw new IllegalArgumentException("allowedLateness must not be negative: " + lateness);
        }
        this.allowedLatenessMillis = lateness.toMillis();
    }

    void parallelism(final int instances) {
        if (instances < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + instances);
        }
        this.parallelism = instances;
    }

    /** Records the union, the keyed window and the function in the pipeline; the stream of the function's results. */
    <OUT> DataStream<OUT> build(final CoGroupFunction<T1, T2, OUT> function) {
        Objects.requireNonNull(function, "function");
        final WindowedStream<TaggedUnion<T1, T2>, K, W> windowed = Unions.of(first, second)
                .keyBy(new UnionKeySelector<T1, T2, K>(firstKey, secondKey))
                .parallelism(parallelism)
                .window(assigner);
        if (trigger != null) {
            windowed.trigger(trigger);
        }
        if (evictor != null) {
            windowed.evictor(evictor);
        }
        return windowed.allowedLateness(allowedLatenessMillis).process(new CoGroupWindowFunction<T1, T2, OUT, K, W>(function));
    }
}
