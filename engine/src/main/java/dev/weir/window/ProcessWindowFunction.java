package dev.weir.window;

import dev.weir.operator.Collector;
import dev.weir.operator.OutputTag;
import dev.weir.state.KeyedState;
import dev.weir.state.StateDescriptor;

/**
 * Sees a whole window when it fires: all its elements (or the pre-aggregated result) and
 * its context.
 *
 * @param <IN> the window's elements
 * @param <OUT> the results
 * @param <K> the key type
 * @param <W> the window type
 */
@FunctionalInterface
public interface ProcessWindowFunction<IN, OUT, K, W extends Window> {
    /**
     * @param key the window's key
     * @param context the window, time and state
     * @param elements the window's elements in state order
     * @param out receives results; their timestamp is the window's maxTimestamp
     */
    void process(K key, Context<W> context, Iterable<IN> elements, Collector<OUT> out);

    /**
     * Called when the window is cleaned up; remove per-window state here.
     *
     * @param context the window, time and state
     */
    default void clear(final Context<W> context) {
    }

    /**
     * What a window function sees besides the elements.
     *
     * @param <W> the window type
     */
    interface Context<W extends Window> {
        /** @return the window */
        W window();

        /** @return the operator's current watermark */
        long currentWatermark();

        /** @return the processing time now */
        long currentProcessingTime();

        /**
         * @param descriptor a state
         * @param <S> its type
         * @return the state of this key and window
         * @throws UnsupportedOperationException with merging windows, as in Flink
         */
        <S extends KeyedState> S windowState(StateDescriptor<S> descriptor);

        /**
         * @param descriptor a state
         * @param <S> its type
         * @return the state of this key across windows
         */
        <S extends KeyedState> S globalState(StateDescriptor<S> descriptor);

        /**
         * @param tag a side output
         * @param value a record for it
         * @param <X> its type
         */
        <X> void output(OutputTag<X> tag, X value);
    }
}
