package dev.weir.api;

import dev.weir.operator.CoGroupFunction;
import dev.weir.operator.KeySelector;
import dev.weir.window.Evictor;
import dev.weir.window.TaggedUnion;
import dev.weir.window.Trigger;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.time.Duration;
import java.util.Objects;

/**
 * The window coGroup of two streams, as Flink's {@code CoGroupedStreams} (docs/joins.md, "Window join and coGroup"):
 * {@code first.coGroup(second).where(k1).equalTo(k2).window(assigner)[.trigger(..)][.evictor(..)]
 * [.allowedLateness(..)].apply(function)}. Built as the window join is (tag, union, keyBy, one
 * window operator); at each firing of a key's window the function gets both inputs' elements of
 * it, each in state order, one group possibly empty, and its results are stamped with the
 * window's maxTimestamp. Late elements are dropped and counted.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public final class CoGroupedStreams<T1, T2> {
    private final DataStream<T1> first;
    private final DataStream<T2> second;

    /**
     * @param first the first input
     * @param second the second input
     */
    CoGroupedStreams(final DataStream<T1> first, final DataStream<T2> second) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, "second");
    }

    /**
     * @param keySelector the key of each first-input element
     * @param <K> the key type
     * @return the coGroup keyed on the first input, to key on the second with {@link Where#equalTo}
     */
    public <K> Where<K> where(final KeySelector<? super T1, K> keySelector) {
        return new Where<>(Objects.requireNonNull(keySelector, "keySelector"));
    }

    /**
     * A coGroup keyed on its first input.
     *
     * @param <K> the key type
     */
    public final class Where<K> {
        private final KeySelector<? super T1, K> firstKey;

        private Where(final KeySelector<? super T1, K> firstKey) {
            this.firstKey = firstKey;
        }

        /**
         * @param keySelector the key of each second-input element, of the same type and meaning as the first's
         * @return the coGroup keyed on both inputs, to window with {@link EqualTo#window}
         */
        public EqualTo equalTo(final KeySelector<? super T2, K> keySelector) {
            return new EqualTo(Objects.requireNonNull(keySelector, "keySelector"));
        }

        /** A coGroup keyed on both inputs. */
        public final class EqualTo {
            private final KeySelector<? super T2, K> secondKey;

            private EqualTo(final KeySelector<? super T2, K> secondKey) {
                this.secondKey = secondKey;
            }

            /**
             * @param assigner the windows of each tagged element
             * @param <W> the window type
             * @return the windowed coGroup, to configure and finish with {@code apply}
             */
            public <W extends Window> WithWindow<T1, T2, K, W> window(final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(new TaggedUnionWindow<>(first, second, firstKey, secondKey, assigner));
            }
        }
    }

    /**
     * A windowed coGroup: set the trigger, evictor, allowed lateness and parallelism, then give the coGroup function.
     *
     * @param <T1> the first input's type
     * @param <T2> the second input's type
     * @param <K> the key type
     * @param <W> the window type
     */
    public static final class WithWindow<T1, T2, K, W extends Window> {
        private final TaggedUnionWindow<T1, T2, K, W> windowing;

        private WithWindow(final TaggedUnionWindow<T1, T2, K, W> windowing) {
            this.windowing = windowing;
        }

        /**
         * @param trigger replaces the assigner's default trigger; it sees the tagged elements of both inputs
         * @return this coGroup
         * @throws IllegalArgumentException if the trigger cannot work with the assigner's windows
         */
        public WithWindow<T1, T2, K, W> trigger(final Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            windowing.trigger(trigger);
            return this;
        }

        /**
         * @param evictor removes tagged elements of either input before or after the function
         * @return this coGroup
         */
        public WithWindow<T1, T2, K, W> evictor(final Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            windowing.evictor(evictor);
            return this;
        }

        /**
         * @param lateness how long after a window's end late elements still update it and re-fire it in full
         * @return this coGroup
         */
        public WithWindow<T1, T2, K, W> allowedLateness(final Duration lateness) {
            windowing.allowedLateness(lateness);
            return this;
        }

        /**
         * @param instances parallel instances of the keyed window stage (default 1)
         * @return this coGroup
         */
        public WithWindow<T1, T2, K, W> parallelism(final int instances) {
            windowing.parallelism(instances);
            return this;
        }

        /**
         * @param function gets both inputs' elements of each window firing
         * @param <OUT> the result type
         * @return the results, stamped with their window's maxTimestamp
         */
        public <OUT> DataStream<OUT> apply(final CoGroupFunction<T1, T2, OUT> function) {
            return windowing.build(Objects.requireNonNull(function, "function"));
        }
    }
}
