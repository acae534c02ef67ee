package dev.weir.pipelines.replay;

/**
 * One output row of a replay pipeline (a bar, a percentile window, an alert). It writes its values in the
 * order of its pipeline's {@link RowSchema}; the {@link OutputFormat} decides how they look. Rows are made when a
 * result is emitted (a window fires), not per event.
 */
@FunctionalInterface
public interface ResultRow {
    /** @param row receives the row's values, one call per column, in schema order */
    void writeTo(RowWriter row);
}
