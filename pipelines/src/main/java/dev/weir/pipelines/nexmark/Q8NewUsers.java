package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.operator.Collector;
import dev.weir.window.TumblingEventTimeWindows;

/**
 * Nexmark query 8, monitor new users: the people who registered and opened an auction in the same 10 s tumbling
 * window. The SQL groups people by (id, name, window) and auctions by (seller, window), then joins the groups on
 * {@code id = seller} and the window: one row per such person and window, however many auctions. Here a window
 * coGroup of people and auctions keyed by person id prints each person of a key's window once when the window holds
 * an auction of theirs. CSV columns {@code id,name,stime}: {@code stime} the window's start as {@link SqlTimestamp},
 * {@code name} as {@link CsvText}.
 */
public final class Q8NewUsers {
    /** The CSV header. */
    public static final String HEADER = "id,name,stime";
    /** The window's size, ms. */
    public static final long SIZE_MILLIS = 10_000L;

    private Q8NewUsers() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per new seller and window
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.people(events)
                .coGroup(NexmarkStreams.auctions(events))
                .where(PersonRecord::id)
                .equalTo(AuctionRecord::seller)
                .window(TumblingEventTimeWindows.of(SIZE_MILLIS))
                .apply((Iterable<PersonRecord> people, Iterable<AuctionRecord> auctions, Collector<String> out) -> {
                    if (auctions.iterator().hasNext()) {
                        for (final PersonRecord person : people) {
                            final long start = Math.floorDiv(person.dateTime(), SIZE_MILLIS) * SIZE_MILLIS;
                            out.collect(person.id() + "," + CsvText.field(person.name()) + "," + SqlTimestamp.format(start));
                        }
                    }
                });
    }
}
