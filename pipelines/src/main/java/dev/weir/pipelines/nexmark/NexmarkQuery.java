package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

/**
 * One Nexmark query as a Weir pipeline: its name ({@code q5}), its CSV header, the function that turns the events
 * into CSV rows, and how to read those rows.
 *
 * <p>Most queries append: every row is a result row. A query whose SQL result is a table updated in place (an
 * aggregation without a window, a top-N or a deduplication) is an <em>upsert</em> query: each row it prints is the
 * new value of the result row with the same key columns, so its result is the last row printed per key
 * ({@link #keyColumns()}).
 */
public final class NexmarkQuery {
    private final String name;
    private final String header;
    private final Function<DataStream<EventRecord>, DataStream<String>> rows;
    private final int[] keyColumns;

    private NexmarkQuery(final String name, final String header, final Function<DataStream<EventRecord>, DataStream<String>> rows,
            final int[] keyColumns) {
        this.name = Objects.requireNonNull(name, "name");
        this.header = Objects.requireNonNull(header, "header");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.keyColumns = keyColumns.clone();
    }

    /**
     * @param name the query's name, {@code q0} ...
     * @param header the CSV header
     * @param rows the pipeline from events to CSV rows
     * @return a query whose every row is a result row
     */
    public static NexmarkQuery appending(final String name, final String header,
            final Function<DataStream<EventRecord>, DataStream<String>> rows) {
        return new NexmarkQuery(name, header, rows, new int[0]);
    }

    /**
     * @param name the query's name, {@code q4} ...
     * @param header the CSV header
     * @param rows the pipeline from events to CSV rows
     * @param keyColumns the positions (from 0) of the CSV columns that identify a result row
     * @return a query whose result is the last row printed per key
     */
    public static NexmarkQuery upserting(final String name, final String header,
            final Function<DataStream<EventRecord>, DataStream<String>> rows, final int... keyColumns) {
        if (keyColumns.length == 0) {
            throw new IllegalArgumentException(name + ": an upsert query needs at least one key column");
        }
        return new NexmarkQuery(name, header, rows, keyColumns);
    }

    /** @return the query's name, {@code q0} ... */
    public String name() {
        return name;
    }

    /** @return the CSV header of its rows */
    public String header() {
        return header;
    }

    /**
     * @param events the Nexmark events
     * @return the query's CSV rows
     */
    public DataStream<String> rows(final DataStream<EventRecord> events) {
        return rows.apply(events);
    }

    /** @return whether the result is the last row per key ({@link #keyColumns()}) rather than every row */
    public boolean upserts() {
        return keyColumns.length > 0;
    }

    /** @return the positions of the key columns of an upsert query; empty for an appending one */
    public int[] keyColumns() {
        return keyColumns.clone();
    }

    @Override
    public String toString() {
        return name + (upserts() ? " (upserts on columns " + Arrays.toString(keyColumns) + ")" : "") + ": " + header;
    }
}
