package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;

/** Nexmark query 2, selection: the bids on every 123rd auction ({@code auction % 123 == 0}). CSV columns {@code auction,price}. */
public final class Q2Selection {
    /** The CSV header. */
    public static final String HEADER = "auction,price";
    private static final long MODULUS = 123L;

    private Q2Selection() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per selected bid, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).filter(bid -> bid.auction() % MODULUS == 0).map(bid -> bid.auction() + "," + bid.price());
    }
}
