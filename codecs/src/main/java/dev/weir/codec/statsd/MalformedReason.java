package dev.weir.codec.statsd;

/**
 * Why a StatsD line was skipped. Constants, so that reporting a bad line allocates nothing.
 * Immutable and thread-safe.
 */
public enum MalformedReason {
    /** The line has no {@code :} between the name and the value. */
    MISSING_COLON("missing ':' after the name"),
    /** The line starts with {@code :}. */
    EMPTY_NAME("empty name"),
    /** The value is not followed by {@code |} and a type. */
    MISSING_PIPE("missing '|' before the type"),
    /** Nothing between {@code :} and {@code |}. */
    EMPTY_VALUE("empty value"),
    /** The type field is not one of {@code c g ms h d s}. */
    UNKNOWN_TYPE("unknown type (expected c, g, ms, h, d or s)"),
    /** The value of a numeric type is not a decimal number. */
    BAD_NUMBER("value is not a decimal number"),
    /** The text after {@code @} is not a decimal number. */
    BAD_RATE("sample rate is not a decimal number"),
    /** The sample rate is a number but not in (0,1]. */
    RATE_OUT_OF_RANGE("sample rate outside (0,1]"),
    /** A tag list has an empty entry: {@code #}, {@code #a,,b} or a trailing comma. */
    EMPTY_TAG("empty tag"),
    /** A field after the type starts with neither {@code @} nor {@code #}, or is empty. */
    UNKNOWN_FIELD("unknown field after the type (expected |@rate or |#tags)"),
    /** The sample rate or the tag list is given twice. */
    REPEATED_FIELD("sample rate or tags given twice"),
    /** A counter whose value divided by its sample rate is beyond the double range: {@code a:1e300|c|@1e-10}. */
    COUNT_OUT_OF_RANGE("counter's value divided by its sample rate is beyond the double range"),
    /**
     * A value that, rounded to a whole number, does not fit the 64-bit value of a job file's record
     * ({@code weir replay --job JOB.yaml --decoder statsd}).
     */
    VALUE_BEYOND_64_BITS("value beyond the 64-bit whole numbers of a job record (about 9.22e18)");

    private final String text;

    MalformedReason(final String text) {
        this.text = text;
    }

    /** @return a short human-readable reason, lower case, without a trailing period */
    public String text() {
        return text;
    }
}
