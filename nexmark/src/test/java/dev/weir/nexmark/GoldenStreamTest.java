package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The first 2,000 events of the default configuration, every field against the plain {@link ReferenceStream}, and a
 * handful of values worked out by hand from the formulas.
 */
class GoldenStreamTest {
    private static final int EVENTS = 2_000;

    private static List<Event> generate(final GeneratorConfig config, final int split, final int limit) {
        final NexmarkGenerator generator = new NexmarkGenerator(config, split);
        final Event event = new Event();
        final List<Event> events = new ArrayList<>();
        while (events.size() < limit && generator.next(event)) {
            events.add(event.copy());
        }
        return events;
    }

    private static void assertSameAsReference(final List<ReferenceStream.Row> expected, final List<Event> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            final ReferenceStream.Row row = expected.get(i);
            final Event event = actual.get(i);
            final String at = "event #" + i + " " + event;
            assertEquals(row.kind(), event.kind(), at);
            assertEquals(row.id(), event.id(), at);
            assertEquals(row.time(), event.time(), at);
            assertEquals(row.watermark(), event.watermark(), at);
            assertEquals(row.fields(), ReferenceStream.fields(event), at);
        }
    }

    @Test
    void firstTwoThousandEventsOfTheDefaultConfigurationMatchTheReference() {
        final List<Event> events = generate(GeneratorConfig.defaults(), 0, EVENTS);
        assertSameAsReference(ReferenceStream.events(EVENTS, 10_000, 1, 0L, 1, 0), events);
    }

    @Test
    void kindsIdsAndTimesFollowTheRunsOfFifty() {
        final List<Event> events = generate(GeneratorConfig.defaults(), 0, EVENTS);
        final Map<EventKind, Integer> kinds = new EnumMap<>(EventKind.class);
        for (final Event event : events) {
            kinds.merge(event.kind(), 1, Integer::sum);
        }
        assertEquals(Map.of(EventKind.PERSON, 40, EventKind.AUCTION, 120, EventKind.BID, 1_840), kinds);
        // 10,000 events/s: 100 us apart, so event n is at n / 10 ms
        assertEquals(EventKind.PERSON, events.get(0).kind());
        assertEquals(1_000L, events.get(0).person().id());
        assertEquals(0L, events.get(0).time());
        assertEquals(1_000L, events.get(1).auction().id());
        assertEquals(1_002L, events.get(3).auction().id());
        assertEquals(EventKind.BID, events.get(4).kind());
        assertEquals(1_001L, events.get(50).person().id());
        assertEquals(5L, events.get(50).time());
        assertEquals(1_005L, events.get(53).auction().id());
        assertEquals(EventKind.BID, events.get(1_999).kind());
        assertEquals(199L, events.get(1_999).time());
        assertEquals(199L, events.get(1_999).bid().dateTime());
    }

    @Test
    void firstPersonAndFirstBidHoldTheValuesOfTheirSeededDraws() {
        // Random(0) and Random(4) stepped by hand through the draws: name, email words, four card groups, city, state
        final List<Event> events = generate(GeneratorConfig.defaults(), 0, 5);
        final Person person = events.get(0).person();
        assertEquals("Peter Jones", person.name().toString());
        assertEquals("nhd@xcat.com", person.emailAddress().toString());
        assertEquals("7241 7320 9143 4888", person.creditCard().toString());
        assertEquals("Portland", person.city().toString());
        assertEquals("WY", person.state().toString());
        // 200 - (8 + 11 + 12 + 19 + 8 + 2) = 140, delta 28: 112 + nextInt(56)
        assertEquals(156, person.extra().length());
        final Bid bid = events.get(4).bid();
        assertEquals(1_000L, bid.auction()); // hot auction: the first of the batch of the newest auction, 2
        assertEquals(1_001L, bid.bidder()); // hot bidder: the second person of the newest batch
        assertEquals(32_530_001L, bid.price());
    }

    @Test
    void hotIdsAndExpiriesStayInTheirRanges() {
        for (final Event event : generate(GeneratorConfig.defaults(), 0, EVENTS)) {
            switch (event.kind()) {
                case BID -> {
                    assertTrue(event.bid().auction() >= 1_000L && event.bid().auction() <= 1_000L + event.id() / 50 * 3 + 2 + 10,
                            event.toString());
                    assertTrue(event.bid().price() >= 100L && event.bid().price() <= 100_000_000L, event.toString());
                    assertTrue(event.bid().extra().length() >= 54 && event.bid().extra().length() < 82, event.toString());
                }
                case AUCTION -> {
                    // the horizon: 1,666 events ahead, 166 or 167 ms; expiry within twice that
                    final long length = event.auction().expires() - event.auction().dateTime();
                    assertTrue(length >= 1 && length <= 334, event.toString());
                    assertTrue(event.auction().category() >= 10 && event.auction().category() <= 14, event.toString());
                    assertTrue(event.auction().reserve() > event.auction().initialBid(), event.toString());
                }
                case PERSON -> assertEquals(1_000L + event.id() / 50, event.person().id());
            }
        }
    }

    @Test
    void splitsShareTheIdsAndRunOnTheirOwnTimelines() {
        final GeneratorConfig config = GeneratorConfig.defaults().withEvents(1_003).withGenerators(3);
        final List<Long> ids = new ArrayList<>();
        for (int split = 0; split < 3; split++) {
            final List<Event> events = generate(config, split, Integer.MAX_VALUE);
            assertSameAsReference(ReferenceStream.events(1_003, 10_000, 1, 0L, 3, split), events);
            events.forEach(e -> ids.add(e.id()));
        }
        assertEquals(1_003, ids.size());
        for (int i = 0; i < ids.size(); i++) {
            assertEquals((long) i, ids.get(i));
        }
        // split 1 starts at event id 334, at its own event number 0: time 0; its events are 300 us apart
        final List<Event> second = generate(config, 1, 11);
        assertEquals(334L, second.get(0).id());
        assertEquals(0L, second.get(0).time());
        assertEquals(3L, second.get(10).time());
        assertEquals(335, generate(config, 2, Integer.MAX_VALUE).size());
    }

    @Test
    void outOfOrderGroupsShuffleIdsAndTimesWithinTheGroup() {
        final GeneratorConfig config = GeneratorConfig.defaults().withEvents(2_000).withOutOfOrderGroupSize(10)
                .withBaseTime(1_700_000_000_000L).withFirstEventRate(1_000);
        final List<Event> events = generate(config, 0, EVENTS);
        assertSameAsReference(ReferenceStream.events(2_000, 1_000, 10, 1_700_000_000_000L, 1, 0), events);
        // groups of 10, 953 % 10 = 3: counts 0, 1, 2, 3, 4 take numbers 0, 3, 6, 9, 2; count 11 takes 10 + 3
        final long[] ids = {0, 3, 6, 9, 2};
        for (int i = 0; i < ids.length; i++) {
            assertEquals(ids[i], events.get(i).id());
            assertEquals(1_700_000_000_000L + ids[i], events.get(i).time()); // rate 1,000/s: 1 ms apart
            assertEquals(1_700_000_000_000L, events.get(i).watermark());
        }
        assertEquals(13L, events.get(11).id());
        assertEquals(1_700_000_000_010L, events.get(11).watermark());
        assertEquals(EventKind.AUCTION, events.get(1).kind()); // event id 3
        assertEquals(1_002L, events.get(1).auction().id());
        for (int i = 0; i < events.size(); i++) {
            assertTrue(events.get(i).time() >= events.get(i).watermark(), events.get(i).toString());
        }
    }

    @Test
    void theSameConfigurationGivesTheSameEvents() {
        final List<Event> first = generate(GeneratorConfig.defaults(), 0, 500);
        final List<Event> second = generate(GeneratorConfig.defaults(), 0, 500);
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i).toString(), second.get(i).toString());
        }
    }

    @Test
    void aBoundedGeneratorStopsAfterItsShare() {
        final NexmarkGenerator generator = new NexmarkGenerator(GeneratorConfig.defaults().withEvents(3));
        final Event event = new Event();
        assertTrue(generator.next(event) && generator.next(event) && generator.next(event));
        assertFalse(generator.hasNext());
        assertFalse(generator.next(event));
        assertEquals(3L, generator.produced());
    }
}
