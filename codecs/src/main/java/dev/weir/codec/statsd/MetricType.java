package dev.weir.codec.statsd;

/**
 * The kind of a StatsD metric, named by the type field after the value's {@code |}. Immutable and
 * thread-safe.
 */
public enum MetricType {
    /** {@code c}: a count to add; the sample rate says what fraction of the events was sent. */
    COUNTER("c"),
    /** {@code g}: an absolute level, or a signed change of it ({@link StatsdMetric#isDelta}). */
    GAUGE("g"),
    /** {@code ms}: a duration in milliseconds. */
    TIMER("ms"),
    /** {@code h}: a histogram sample, in the unit the sender chose. */
    HISTOGRAM("h"),
    /** {@code d}: a distribution sample, in the unit the sender chose. */
    DISTRIBUTION("d"),
    /** {@code s}: a member of a set of distinct values; the value is opaque text, not a number. */
    SET("s");

    private final String symbol;

    MetricType(final String symbol) {
        this.symbol = symbol;
    }

    /** @return the type field as written on the wire, e.g. {@code ms} */
    public String symbol() {
        return symbol;
    }
}
