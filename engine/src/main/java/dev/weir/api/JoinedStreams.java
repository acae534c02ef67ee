package dev.weir.api;

import dev.weir.operator.FlatJoinFunction;
import dev.weir.operator.JoinFunction;
import dev.weir.operator.KeySelector;
import dev.weir.window.Evictor;
import dev.weir.window.FlatJoinCoGroupFunction;
import dev.weir.window.JoinCoGroupFunction;
import dev.weir.window.TaggedUnion;
import dev.weir.window.Trigger;
import dev.weir.window.Window;
import dev.weir.window.WindowAssigner;
import java.time.Duration;
import java.util.Objects;

/**
 * The inner window join of two streams, as Flink's {@code JoinedStreams} (docs/joins.md, "Window join and coGroup"):
 * {@code first.join(second).where(k1).equalTo(k2).window(assigner)[.trigger(..)][.evictor(..)]
 * [.allowedLateness(..)].apply(function)}. Both inputs are tagged, unioned, keyed and windowed by
 * one window operator, so its watermark is the union's (one valve over both inputs' channels) and
 * its windows follow docs/semantics.md §4 exactly; at each firing, for each first-input element of the window in
 * state order and each second-input element in state order, the function gives one result (or,
 * flat, any number) stamped with the window's maxTimestamp. A window holding elements of one
 * input only gives nothing. Late elements are dropped and counted (there is no late side output).
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public final class JoinedStreams<T1, T2> {
    private final DataStream<T1> first;
    private final DataStream<T2> second;

    /**
     * @param first the first input
     * @param second the second input
     */
    JoinedStreams(final DataStream<T1> first, final DataStream<T2> second) {
        this.first = Objects.requireNonNull(first, "first");
        this.second = Objects.requireNonNull(second, "second");
    }

    /**
     * @param keySelector the key of each first-input element
     * @param <K> the key type
     * @return the join keyed on the first input, to key on the second with {@link Where#equalTo}
     */
    public <K> Where<K> where(final KeySelector<? super T1, K> keySelector) {
        return new Where<>(Objects.requireNonNull(keySelector, "keySelector"));
    }

    /**
     * A join keyed on its first input.
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
         * @return the join keyed on both inputs, to window with {@link EqualTo#window}
         */
        public EqualTo equalTo(final KeySelector<? super T2, K> keySelector) {
            return new EqualTo(Objects.requireNonNull(keySelector, "keySelector"));
        }

        /** A join keyed on both inputs. */
        public final class EqualTo {
            private final KeySelector<? super T2, K> secondKey;

            private EqualTo(final KeySelector<? super T2, K> secondKey) {
                this.secondKey = secondKey;
            }

            /**
             * @param assigner the windows of each tagged element
             * @param <W> the window type
             * @return the windowed join, to configure and finish with {@code apply}
             */
            public <W extends Window> WithWindow<T1, T2, K, W> window(final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(new TaggedUnionWindow<>(first, second, firstKey, secondKey, assigner));
            }
        }
    }

    /**
     * A windowed join: set the trigger, evictor, allowed lateness and parallelism, then give the join function.
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
         * @return this join
         * @throws IllegalArgumentException if the trigger cannot work with the assigner's windows
         */
        public WithWindow<T1, T2, K, W> trigger(final Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            windowing.trigger(trigger);
            return this;
        }

        /**
         * @param evictor removes tagged elements of either input before or after the join
         * @return this join
         */
        public WithWindow<T1, T2, K, W> evictor(final Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            windowing.evictor(evictor);
            return this;
        }

        /**
         * @param lateness how long after a window's end late elements still update it and re-fire the whole join
         * @return this join
         */
        public WithWindow<T1, T2, K, W> allowedLateness(final Duration lateness) {
            windowing.allowedLateness(lateness);
            return this;
        }

        /**
         * @param instances parallel instances of the keyed window stage (default 1)
         * @return this join
         */
        public WithWindow<T1, T2, K, W> parallelism(final int instances) {
            windowing.parallelism(instances);
            return this;
        }

        /**
         * @param function joins each pair of a window
         * @param <OUT> the result type
         * @return the results, stamped with their window's maxTimestamp
         */
        public <OUT> DataStream<OUT> apply(final JoinFunction<T1, T2, OUT> function) {
            return windowing.build(new JoinCoGroupFunction<>(Objects.requireNonNull(function, "function")));
        }

        /**
         * @param function joins each pair of a window into zero or more results
         * @param <OUT> the result type
         * @return the results, stamped with their window's maxTimestamp
         */
        public <OUT> DataStream<OUT> apply(final FlatJoinFunction<T1, T2, OUT> function) {
            return windowing.build(new FlatJoinCoGroupFunction<>(Objects.requireNonNull(function, "function")));
        }
    }
}
