package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.util.Set;

/**
 * Nexmark query 3, local item suggestion: who sells in Oregon, Idaho or California in category 10, and which auctions.
 * The SQL is an unwindowed inner join of auctions and people on {@code seller = id}, filtered on the auction's
 * {@code category = 10} and the person's {@code state} in {@code OR}, {@code ID}, {@code CA}: one row per matching
 * (auction, person) pair, whichever came first. Here both filtered streams are keyed by person id into a keyed
 * co-process ({@link SellerJoin}). CSV columns {@code name,city,state,id} ({@code id} the auction's; texts as
 * {@link CsvText}). Like the SQL's join, the state keeps every matching person and every category-10 auction whose
 * seller has not been seen: it grows with the input.
 */
public final class Q3LocalItemSuggestion {
    /** The CSV header. */
    public static final String HEADER = "name,city,state,id";
    private static final long CATEGORY = 10L;
    private static final Set<String> STATES = Set.of("OR", "ID", "CA");

    private Q3LocalItemSuggestion() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per category-10 auction of a seller in OR, ID or CA
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        final DataStream<PersonRecord> sellers = NexmarkStreams.people(events).filter(person -> STATES.contains(person.state()));
        final DataStream<AuctionRecord> auctions = NexmarkStreams.auctions(events).filter(auction -> auction.category() == CATEGORY);
        return sellers.keyBy(PersonRecord::id).connect(auctions.keyBy(AuctionRecord::seller)).process(new SellerJoin());
    }
}
