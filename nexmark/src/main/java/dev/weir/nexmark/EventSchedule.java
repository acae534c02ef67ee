package dev.weir.nexmark;

/**
 * One generator's share of the stream and its event-time clock: which event ids it produces, in which order, and at
 * which times. Generator {@code split} of {@code n} takes a contiguous run of event ids (the last one also takes the
 * remainder of the division) and runs on its own timeline from the base time, at {@code n} times the inter-event delay.
 */
final class EventSchedule {
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MILLI = 1_000L;
    /** Multiplier that spreads the event numbers of one out-of-order group over the group. */
    private static final long SHUFFLE = 953L;

    private final long firstEventId;
    private final long events;
    private final long interEventDelayUs;
    private final long groupSize;
    private final long baseTime;

    EventSchedule(final GeneratorConfig config, final int split) {
        final int splits = config.generators();
        if (split < 0 || split >= splits) {
            throw new IllegalArgumentException("split must be in [0, " + splits + "), not " + split);
        }
        final long all = config.events() == 0 ? IdSpace.UNBOUNDED_EVENTS : config.events();
        final long share = all / splits;
        this.firstEventId = share * split;
        this.events = split == splits - 1 ? all - share * (splits - 1) : share;
        final long rate = config.firstEventRate();
        this.interEventDelayUs = (MICROS_PER_SECOND + rate / 2) / rate * splits;
        this.groupSize = config.outOfOrderGroupSize();
        this.baseTime = config.baseTime();
    }

    /** The event id of this share's first event. */
    long firstEventId() {
        return firstEventId;
    }

    /** How many events this share holds. */
    long events() {
        return events;
    }

    /** The microseconds of event time between two consecutive events of this share. */
    long interEventDelayUs() {
        return interEventDelayUs;
    }

    /** The event number the {@code count}-th event takes, shuffled within its out-of-order group. */
    long shuffledNumber(final long count) {
        final long groupStart = count / groupSize * groupSize;
        return groupStart + count * SHUFFLE % groupSize;
    }

    /** The first event number of the {@code count}-th event's out-of-order group: no later event is earlier. */
    long groupStart(final long count) {
        return count / groupSize * groupSize;
    }

    /** The event time of event number {@code number}, in milliseconds. */
    long time(final long number) {
        return baseTime + number * interEventDelayUs / MICROS_PER_MILLI;
    }
}
