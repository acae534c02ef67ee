package dev.weir.operator;

/**
 * Extracts the key a record is partitioned and its state addressed by.
 *
 * @param <T> the record type
 * @param <K> the key type; needs stable {@code equals}/{@code hashCode}
 */
@FunctionalInterface
public interface KeySelector<T, K> {
    /**
     * @param value a record
     * @return its key, never null
     */
    K keyOf(T value);
}
