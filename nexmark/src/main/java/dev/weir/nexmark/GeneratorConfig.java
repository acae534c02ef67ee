package dev.weir.nexmark;

/**
 * The parameters of a Nexmark event stream: how many events, the event-time pace, how far event times may be out of
 * order, the first event's time, and how many generators share the stream. Immutable; the {@code with} methods return
 * a changed copy.
 */
public final class GeneratorConfig {
    /** The default number of events. */
    public static final long DEFAULT_EVENTS = 100_000L;
    /** The default pace: events per second of event time, over all generators. */
    public static final int DEFAULT_FIRST_EVENT_RATE = 10_000;
    /** The default out-of-order group size: 1, every event in order. */
    public static final int DEFAULT_OUT_OF_ORDER_GROUP_SIZE = 1;
    /** The default time of the first event: the epoch, in milliseconds. */
    public static final long DEFAULT_BASE_TIME = 0L;
    /** The default number of generators: one. */
    public static final int DEFAULT_GENERATORS = 1;

    private static final GeneratorConfig DEFAULTS = new GeneratorConfig(DEFAULT_EVENTS, DEFAULT_FIRST_EVENT_RATE,
            DEFAULT_OUT_OF_ORDER_GROUP_SIZE, DEFAULT_BASE_TIME, DEFAULT_GENERATORS);

    private final long events;
    private final int firstEventRate;
    private final int outOfOrderGroupSize;
    private final long baseTime;
    private final int generators;

    private GeneratorConfig(final long events, final int firstEventRate, final int outOfOrderGroupSize, final long baseTime,
            final int generators) {
        if (events < 0) {
            throw new IllegalArgumentException("events must be 0 (unbounded) or more, not " + events);
        }
        if (firstEventRate <= 0) {
            throw new IllegalArgumentException("firstEventRate must be positive, not " + firstEventRate);
        }
        if (outOfOrderGroupSize <= 0) {
            throw new IllegalArgumentException("outOfOrderGroupSize must be positive, not " + outOfOrderGroupSize);
        }
        if (generators <= 0) {
            throw new IllegalArgumentException("generators must be positive, not " + generators);
        }
        this.events = events;
        this.firstEventRate = firstEventRate;
        this.outOfOrderGroupSize = outOfOrderGroupSize;
        this.baseTime = baseTime;
        this.generators = generators;
    }

    /** The default configuration: 100,000 events at 10,000 events/s from time 0, in order, one generator. */
    public static GeneratorConfig defaults() {
        return DEFAULTS;
    }

    /** This configuration with {@code value} events in all (0: as many as a long run needs). */
    public GeneratorConfig withEvents(final long value) {
        return new GeneratorConfig(value, firstEventRate, outOfOrderGroupSize, baseTime, generators);
    }

    /** This configuration with {@code value} events per second of event time, over all generators. */
    public GeneratorConfig withFirstEventRate(final int value) {
        return new GeneratorConfig(events, value, outOfOrderGroupSize, baseTime, generators);
    }

    /** This configuration with event times shuffled within groups of {@code value} consecutive events. */
    public GeneratorConfig withOutOfOrderGroupSize(final int value) {
        return new GeneratorConfig(events, firstEventRate, value, baseTime, generators);
    }

    /** This configuration with the first event at {@code value} milliseconds since the epoch. */
    public GeneratorConfig withBaseTime(final long value) {
        return new GeneratorConfig(events, firstEventRate, outOfOrderGroupSize, value, generators);
    }

    /** This configuration shared by {@code value} generators, each producing its share of the events. */
    public GeneratorConfig withGenerators(final int value) {
        return new GeneratorConfig(events, firstEventRate, outOfOrderGroupSize, baseTime, value);
    }

    /** The number of events over all generators; 0 means as many as a long run needs. */
    public long events() {
        return events;
    }

    /** Events per second of event time, over all generators. */
    public int firstEventRate() {
        return firstEventRate;
    }

    /** The size of the groups of consecutive events whose event times are shuffled (1: in order). */
    public int outOfOrderGroupSize() {
        return outOfOrderGroupSize;
    }

    /** The first event's time, in milliseconds since the epoch. */
    public long baseTime() {
        return baseTime;
    }

    /** How many generators share the events. */
    public int generators() {
        return generators;
    }

    @Override
    public String toString() {
        return "GeneratorConfig{events=" + events + ", firstEventRate=" + firstEventRate + ", outOfOrderGroupSize="
                + outOfOrderGroupSize + ", baseTime=" + baseTime + ", generators=" + generators + '}';
    }
}
