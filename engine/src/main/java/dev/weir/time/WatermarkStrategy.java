package dev.weir.time;

import dev.weir.clock.Clock;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a stream gets timestamps and watermarks: a generator, an optional timestamp assigner,
 * optional idleness, the periodic emission interval (docs/semantics.md §1) and, for sources, an
 * optional watermark alignment group (docs/semantics.md §5). Immutable; the
 * {@code with*} methods return new strategies.
 *
 * @param <T> the record type
 */
public final class WatermarkStrategy<T> {
    /** Flink's default periodic emission interval. */
    public static final long DEFAULT_INTERVAL_MILLIS = 200;

    private final WatermarkKind kind;
    private final long maxOutOfOrdernessMillis;
    private final Punctuation<? super T> punctuation;
    private final Supplier<WatermarkGenerator<T>> generators;
    private final TimestampAssigner<T> timestampAssigner;
    private final long idlenessMillis;
    private final long intervalMillis;
    private final boolean drivenByRecords;
    private final WatermarkAlignment alignment;

    private WatermarkStrategy(
            final WatermarkKind kind,
            final long maxOutOfOrdernessMillis,
            final Punctuation<? super T> punctuation,
            final Supplier<WatermarkGenerator<T>> generators,
            final long intervalMillis,
            final boolean drivenByRecords) {
        this(kind, maxOutOfOrdernessMillis, punctuation, generators, null, 0, intervalMillis, drivenByRecords, null);
    }

    private WatermarkStrategy(
            final WatermarkKind kind,
            final long maxOutOfOrdernessMillis,
            final Punctuation<? super T> punctuation,
            final Supplier<WatermarkGenerator<T>> generators,
            final TimestampAssigner<T> timestampAssigner,
            final long idlenessMillis,
            final long intervalMillis,
            final boolean drivenByRecords,
            final WatermarkAlignment alignment) {
        this.kind = kind;
        this.maxOutOfOrdernessMillis = maxOutOfOrdernessMillis;
        this.punctuation = punctuation;
        this.generators = Objects.requireNonNull(generators, "generators");
        this.timestampAssigner = timestampAssigner;
        this.idlenessMillis = idlenessMillis;
        this.intervalMillis = intervalMillis;
        this.drivenByRecords = drivenByRecords;
        this.alignment = alignment;
    }

    /** @return a copy of this strategy with the given assigner, idleness, interval and alignment */
    private WatermarkStrategy<T> with(final TimestampAssigner<T> assigner, final long idleness, final long interval,
            final WatermarkAlignment watermarkAlignment) {
        return new WatermarkStrategy<>(kind, maxOutOfOrdernessMillis, punctuation, generators, assigner, idleness, interval,
                drivenByRecords, watermarkAlignment);
    }

    /**
     * @param maxOutOfOrdernessMillis how late records may be; watermark = max - bound - 1
     * @param <T> the record type
     * @return a bounded out-of-orderness strategy
     */
    public static <T> WatermarkStrategy<T> forBoundedOutOfOrderness(final long maxOutOfOrdernessMillis) {
        if (maxOutOfOrdernessMillis < 0) {
            throw new IllegalArgumentException("maxOutOfOrderness must not be negative: " + maxOutOfOrdernessMillis);
        }
        return bounded(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, maxOutOfOrdernessMillis);
    }

    /**
     * @param <T> the record type
     * @return bounded out-of-orderness with bound 0: watermark = max - 1
     */
    public static <T> WatermarkStrategy<T> forMonotonousTimestamps() {
        return bounded(WatermarkKind.MONOTONOUS, 0);
    }

    private static <T> WatermarkStrategy<T> bounded(final WatermarkKind kind, final long maxOutOfOrdernessMillis) {
        return new WatermarkStrategy<>(kind, maxOutOfOrdernessMillis, null,
                () -> new BoundedOutOfOrdernessWatermarks<>(maxOutOfOrdernessMillis), DEFAULT_INTERVAL_MILLIS, true);
    }

    /**
     * @param <T> the record type
     * @return a strategy that emits no watermark; only end of input emits MAX
     */
    public static <T> WatermarkStrategy<T> noWatermarks() {
        return new WatermarkStrategy<>(WatermarkKind.NONE, 0, null, NoWatermarks::new, DEFAULT_INTERVAL_MILLIS, true);
    }

    /**
     * @param <T> the record type
     * @return a strategy whose watermarks are pushed by the source itself; nothing is generated
     */
    public static <T> WatermarkStrategy<T> explicit() {
        return new WatermarkStrategy<>(WatermarkKind.EXPLICIT, 0, null, NoWatermarks::new, 0, true);
    }

    /**
     * @param punctuation finds the watermark a record carries
     * @param <T> the record type
     * @return a punctuated strategy (no periodic emission)
     */
    public static <T> WatermarkStrategy<T> forPunctuation(final Punctuation<? super T> punctuation) {
        return new WatermarkStrategy<T>(WatermarkKind.PUNCTUATED, 0, punctuation, () -> new PunctuatedWatermarks<>(punctuation), 0, true);
    }

    /**
     * @param generators makes one generator per stream or split
     * @param <T> the record type
     * @return a strategy around a custom generator
     */
    public static <T> WatermarkStrategy<T> forGenerator(final Supplier<WatermarkGenerator<T>> generators) {
        return new WatermarkStrategy<>(WatermarkKind.CUSTOM, 0, null, generators, DEFAULT_INTERVAL_MILLIS, false);
    }

    /**
     * @param assigner extracts event time from records
     * @return this strategy with the assigner
     */
    public WatermarkStrategy<T> withTimestampAssigner(final TimestampAssigner<T> assigner) {
        return with(Objects.requireNonNull(assigner, "assigner"), idlenessMillis, intervalMillis, alignment);
    }

    /**
     * @param timeoutMillis a stream without records for this long is marked idle; positive
     * @return this strategy with idleness detection
     */
    public WatermarkStrategy<T> withIdleness(final long timeoutMillis) {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("idleness must be positive: " + timeoutMillis);
        }
        return with(timestampAssigner, timeoutMillis, intervalMillis, alignment);
    }

    /**
     * @param millis the periodic emission interval in processing time; 0 disables periodic emission
     * @return this strategy with the interval
     */
    public WatermarkStrategy<T> withPeriodicInterval(final long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("interval must not be negative: " + millis);
        }
        return with(timestampAssigner, idlenessMillis, millis, alignment);
    }

    /**
     * Aligns the sources of this strategy with every other source of the group (docs/semantics.md §5),
     * reporting every second. Only a {@code Source} given this strategy aligns; a re-assignment of
     * timestamps mid-stream ignores it.
     *
     * @param group the alignment group's name
     * @param maxDriftMillis how far an instance may run ahead of the group's slowest one
     * @return this strategy with watermark alignment
     */
    public WatermarkStrategy<T> withWatermarkAlignment(final String group, final long maxDriftMillis) {
        return withWatermarkAlignment(WatermarkAlignment.of(group, maxDriftMillis));
    }

    /**
     * @param watermarkAlignment the group, drift and update interval (docs/semantics.md §5)
     * @return this strategy with watermark alignment
     */
    public WatermarkStrategy<T> withWatermarkAlignment(final WatermarkAlignment watermarkAlignment) {
        return with(timestampAssigner, idlenessMillis, intervalMillis, Objects.requireNonNull(watermarkAlignment, "watermarkAlignment"));
    }

    /**
     * @param activityClock the clock idleness is measured on (stands still while the source is paused)
     * @return a new generator for one stream or split, wrapped for idleness when configured
     */
    public WatermarkGenerator<T> createGenerator(final Clock activityClock) {
        final WatermarkGenerator<T> generator = generators.get();
        return idlenessMillis > 0 ? new WatermarksWithIdleness<>(generator, activityClock, idlenessMillis) : generator;
    }

    /**
     * @param element a record
     * @param recordTimestamp the timestamp it already carries
     * @return its event time: the assigner's answer, or the carried timestamp without an assigner
     */
    public long timestampOf(final T element, final long recordTimestamp) {
        return timestampAssigner == null ? recordTimestamp : timestampAssigner.extractTimestamp(element, recordTimestamp);
    }

    /** @return the periodic emission interval in milliseconds; 0 = none */
    public long intervalMillis() {
        return intervalMillis;
    }

    /**
     * @return true for Weir's own generators, whose periodic emission changes only with records
     *     (and, with idleness, settles once the stream is idle); false for custom generators,
     *     which may depend on processing time itself
     */
    public boolean isDrivenByRecords() {
        return drivenByRecords;
    }

    /** @return the idleness timeout in milliseconds; 0 = no idleness detection */
    public long idlenessMillis() {
        return idlenessMillis;
    }

    /** @return the watermark alignment of sources using this strategy, or null when they do not align */
    public WatermarkAlignment alignment() {
        return alignment;
    }

    /** @return which generator this strategy makes; read-only, for translating a pipeline */
    public WatermarkKind kind() {
        return kind;
    }

    /**
     * @return the out-of-orderness bound in milliseconds of a {@link WatermarkKind#BOUNDED_OUT_OF_ORDERNESS}
     *     strategy; 0 for {@link WatermarkKind#MONOTONOUS} and every other kind
     */
    public long maxOutOfOrdernessMillis() {
        return maxOutOfOrdernessMillis;
    }

    /** @return the punctuation of a {@link WatermarkKind#PUNCTUATED} strategy, else null */
    public Punctuation<? super T> punctuation() {
        return punctuation;
    }

    /**
     * @return the supplier of this strategy's generators (without idleness): the user's own for a
     *     {@link WatermarkKind#CUSTOM} strategy, Weir's for the others
     */
    public Supplier<WatermarkGenerator<T>> generators() {
        return generators;
    }

    /** @return the timestamp assigner, or null when records keep the timestamp they carry */
    public TimestampAssigner<T> timestampAssigner() {
        return timestampAssigner;
    }
}
