package dev.weir.source;

/**
 * A bounded or unbounded input read by parallel source tasks.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface Source<T> {
    /**
     * @param instance the reader's index
     * @param parallelism the number of readers
     * @return the reader of that instance's share
     */
    SourceReader<T> createReader(int instance, int parallelism);
}
