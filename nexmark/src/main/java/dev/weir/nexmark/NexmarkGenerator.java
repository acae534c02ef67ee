package dev.weir.nexmark;

import java.util.Random;

/**
 * Generates one generator's share of a Nexmark event stream into a pooled {@link Event}, allocating nothing per event
 * once the event's texts have grown to their largest lengths. Each event's draws come from a {@link Random} seeded with
 * the event id, so a configuration gives the same events on every machine, whichever generator produces them.
 * Not thread-safe: one thread per generator.
 */
public final class NexmarkGenerator {
    private final EventSchedule schedule;
    private final Random random = new Random(0L);
    private long count;

    /** The generator of split {@code split} of the configuration's {@code generators()}, from its first event. */
    public NexmarkGenerator(final GeneratorConfig config, final int split) {
        this.schedule = new EventSchedule(config, split);
    }

    /** The only generator of a configuration with one generator. */
    public NexmarkGenerator(final GeneratorConfig config) {
        this(checkSingle(config), 0);
    }

    private static GeneratorConfig checkSingle(final GeneratorConfig config) {
        if (config.generators() != 1) {
            throw new IllegalArgumentException("the configuration has " + config.generators()
                    + " generators: name the split, new NexmarkGenerator(config, split)");
        }
        return config;
    }

    /** Whether this generator has events left. */
    public boolean hasNext() {
        return count < schedule.events();
    }

    /** How many events this generator has produced. */
    public long produced() {
        return count;
    }

    /** How many events this generator produces in all. */
    public long events() {
        return schedule.events();
    }

    /** Fills {@code event} with the next event and returns true, or returns false when the share is done. */
    public boolean next(final Event event) {
        if (count >= schedule.events()) {
            return false;
        }
        final long number = schedule.shuffledNumber(count);
        final long eventId = schedule.firstEventId() + number;
        final long time = schedule.time(number);
        final long watermark = schedule.time(schedule.groupStart(count));
        random.setSeed(eventId);
        final EventKind kind = IdSpace.kind(eventId);
        switch (kind) {
            case PERSON -> PersonFiller.fill(eventId, time, random, event.person());
            case AUCTION -> AuctionFiller.fill(eventId, count, time, schedule, random, event.auction());
            default -> {
                BidFiller.fill(eventId, time, random, event.bid());
                ChannelFiller.fill(eventId, random, event.bid());
            }
        }
        event.set(kind, eventId, time, watermark);
        count++;
        return true;
    }
}
