package dev.weir.source;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link SourceOutput} for reader unit tests: records what a reader emits, in order, as
 * {@code "<value>"} or {@code "<value>@<ts>"} on the source output and {@code "split<i> ..."},
 * {@code "split<i> END"} on split outputs.
 *
 * @param <T> the record type
 */
final class RecordingSourceOutput<T> implements SourceOutput<T> {
    final List<String> events = new ArrayList<>();
    final List<Integer> registeredSplits = new ArrayList<>();
    private final List<SplitOutput<T>> splits = new ArrayList<>();

    @Override
    public void emit(final T value) {
        events.add(String.valueOf(value));
    }

    @Override
    public void emit(final T value, final long timestamp) {
        events.add(value + "@" + timestamp);
    }

    @Override
    public SplitOutput<T> split(final int splitIndex) {
        while (splits.size() <= splitIndex) {
            splits.add(null);
        }
        if (splits.get(splitIndex) == null) {
            registeredSplits.add(splitIndex);
            splits.set(splitIndex, new RecordingSplit(splitIndex));
        }
        return splits.get(splitIndex);
    }

    private final class RecordingSplit implements SplitOutput<T> {
        private final int index;

        RecordingSplit(final int index) {
            this.index = index;
        }

        @Override
        public void emit(final T value) {
            events.add("split" + index + " " + value);
        }

        @Override
        public void emit(final T value, final long timestamp) {
            events.add("split" + index + " " + value + "@" + timestamp);
        }

        @Override
        public void end() {
            events.add("split" + index + " END");
        }

        @Override
        public int splitIndex() {
            return index;
        }
    }
}
