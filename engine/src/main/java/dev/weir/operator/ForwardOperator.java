package dev.weir.operator;

/**
 * Passes records, watermarks and status through unchanged: the identity stage, and the way
 * to observe what leaves an input's valve.
 *
 * @param <T> the record type
 */
public final class ForwardOperator<T> extends StatelessOperator<T> implements OneInputOperator<T, T> {
    @Override
    public void processRecord(final T value, final long timestamp) {
        output().record(value, timestamp);
    }
}
