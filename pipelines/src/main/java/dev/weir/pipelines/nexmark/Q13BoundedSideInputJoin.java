package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.nio.file.Path;

/**
 * Nexmark query 13, bounded side input join: every bid joined with the side input's rows whose key is
 * {@code auction % 10000} ({@code mod(B.auction, 10000) = S.key}, the remainder with the sign of the auction id as SQL
 * {@code MOD} has it; an inner join: a bid without such a row is left out,
 * one whose key is on several lines joins each of them). The side input ({@link SideInput}) is loaded once when the pipeline is
 * built. CSV columns {@code auction,bidder,price,dateTime,value}, {@code dateTime} as {@link SqlTimestamp},
 * {@code value} as {@link CsvText}.
 */
public final class Q13BoundedSideInputJoin {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,dateTime,value";
    /** The divisor of the join key. */
    public static final long KEYS = 10_000L;

    private Q13BoundedSideInputJoin() {
    }

    /**
     * @param events the Nexmark events
     * @return the rows of the join with the Nexmark project's side input ({@link SideInput#standard()})
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return rows(events, SideInput.standard());
    }

    /**
     * @param events the Nexmark events
     * @param sideInputFile the side input, lines {@code key,value}
     * @return the rows of the join with the file's rows
     * @throws IllegalArgumentException naming the file and the line, for a bad line
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events, final Path sideInputFile) {
        return rows(events, SideInput.load(sideInputFile));
    }

    /**
     * @param events the Nexmark events
     * @param sideInput the side input
     * @return one CSV row per bid and side input row of its key, with the bid's time
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events, final SideInput sideInput) {
        return NexmarkStreams.bids(events).<String>flatMap((bid, out) -> {
            final String columns = bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + SqlTimestamp.format(bid.dateTime()) + ",";
            for (final String value : sideInput.values(bid.auction() % KEYS)) {
                out.collect(columns + CsvText.field(value));
            }
        });
    }
}
