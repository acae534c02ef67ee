package dev.weir.source;

/**
 * Reads one source instance's share of the input, a batch at a time, on the source task's
 * thread.
 *
 * @param <T> the record type
 */
public interface SourceReader<T> extends AutoCloseable {
    /**
     * Emits what is available now, a bounded batch.
     *
     * @param output where records go
     * @return whether more is available, nothing is, or the input has ended
     * @throws Exception if reading fails; the pipeline fails with it
     */
    ReadStatus read(SourceOutput<T> output) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
