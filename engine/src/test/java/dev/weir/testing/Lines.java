package dev.weir.testing;

import dev.weir.runtime.chain.SideOutputs;
import dev.weir.runtime.sink.Sink;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A sink that keeps each result as a line ({@code String.valueOf}), in arrival order, and hands
 * out side-output sinks that add prefixed lines to the same list, so one list shows how main and
 * side output interleave. Thread-safe: instances of a parallel stage call it concurrently.
 */
public final class Lines implements Sink<Object> {
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void accept(final Object value, final long timestamp) {
        lines.add(String.valueOf(value));
    }

    /**
     * @param prefix put before each side-output record, e.g. {@code "late "}
     * @param <X> the side output's record type
     * @return a side-output sink writing {@code prefix + value} into these lines
     */
    public <X> SideOutputs.SideOutputSink<X> side(final String prefix) {
        return (value, timestamp) -> lines.add(prefix + value);
    }

    /** @return a copy of the lines so far, in arrival order */
    public List<String> lines() {
        synchronized (lines) {
            return new ArrayList<>(lines);
        }
    }

    /** @return a sorted copy of the lines so far: the multiset, for comparing runs whose order may differ */
    public List<String> sorted() {
        final List<String> copy = lines();
        Collections.sort(copy);
        return copy;
    }
}
