package dev.weir.window;

import dev.weir.operator.Collector;

/**
 * How the window operator turns a window's state into results: the bridge between the
 * state kind (list, reduced value, accumulator) and the user's function.
 *
 * @param <S> what the window state reads as
 * @param <OUT> the results
 * @param <K> the key type
 * @param <W> the window type
 */
public interface WindowFunction<S, OUT, K, W extends Window> {
    /**
     * @param key the window's key
     * @param context the window, time and state
     * @param contents the window state's contents
     * @param out receives results
     */
    void apply(K key, ProcessWindowFunction.Context<W> context, S contents, Collector<OUT> out);

    /** @param context the window being cleaned up */
    default void clear(final ProcessWindowFunction.Context<W> context) {
    }
}
