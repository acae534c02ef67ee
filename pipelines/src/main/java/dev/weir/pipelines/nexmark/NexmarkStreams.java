package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.time.WatermarkStrategy;

/**
 * The Nexmark tables as streams: the events of a configuration with Nexmark's watermark, and the bids, people and
 * auctions out of them.
 *
 * <p>Nexmark's DDL declares {@code WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND}: the watermark is the
 * highest time seen minus 4,000 ms, and an SQL watermark {@code w} means no more rows at or before {@code w}. Weir's
 * bounded out-of-orderness follows Flink's DataStream rule, {@code max - bound - 1}, so the bound here is
 * {@value #OUT_OF_ORDERNESS_MILLIS} ms: the watermark is exactly {@code max - 4000}, the DDL's, and a window ends
 * when the DDL's would.
 */
public final class NexmarkStreams {
    /** The DDL's 4 s delay less the 1 ms that bounded out-of-orderness subtracts on its own. */
    public static final long OUT_OF_ORDERNESS_MILLIS = 3_999L;

    private NexmarkStreams() {
    }

    /** @return the watermark strategy of Nexmark's DDL: event time = the event's time, watermark = max - 4 s */
    public static WatermarkStrategy<EventRecord> watermarks() {
        return WatermarkStrategy.<EventRecord>forBoundedOutOfOrderness(OUT_OF_ORDERNESS_MILLIS)
                .withTimestampAssigner((event, timestamp) -> event.time());
    }

    /**
     * @param pipeline the pipeline to read into
     * @param config the generators' configuration
     * @param parallelism the source's instances (they share the configuration's generators)
     * @return the events, source {@code nexmark}
     */
    public static DataStream<EventRecord> events(final StreamPipeline pipeline, final GeneratorConfig config, final int parallelism) {
        return pipeline.from("nexmark", new NexmarkSource(config), watermarks(), parallelism);
    }

    /**
     * @param events the events
     * @return the bids among them
     */
    public static DataStream<BidRecord> bids(final DataStream<EventRecord> events) {
        return events.filter(event -> event.kind() == EventKind.BID).map(EventRecord::bid);
    }

    /**
     * @param events the events
     * @return the people among them
     */
    public static DataStream<PersonRecord> people(final DataStream<EventRecord> events) {
        return events.filter(event -> event.kind() == EventKind.PERSON).map(EventRecord::person);
    }

    /**
     * @param events the events
     * @return the auctions among them
     */
    public static DataStream<AuctionRecord> auctions(final DataStream<EventRecord> events) {
        return events.filter(event -> event.kind() == EventKind.AUCTION).map(EventRecord::auction);
    }
}
