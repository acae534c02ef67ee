package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.nexmark.Event;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkOutput;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class NexmarkSourceTest {
    private static final GeneratorConfig FOUR_GENERATORS = GeneratorConfig.defaults().withEvents(20_000).withGenerators(4);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void theInstancesShareTheGeneratorsAndEmitEveryEventOnceAtItsTime(final int parallelism) {
        final List<EventRecord> emitted = new ArrayList<>();
        final StreamPipeline pipeline = StreamPipeline.named("nexmark-source");
        NexmarkStreams.events(pipeline, FOUR_GENERATORS, parallelism).sink((event, timestamp) -> {
            assertEquals(event.time(), timestamp);
            emitted.add(event);
        });
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            running.runToEnd();
        }
        // described after the run: the records are values, which later events did not change
        final List<String> actual = new ArrayList<>();
        emitted.forEach(event -> actual.add(event.toString()));
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(FOUR_GENERATORS, event -> expected.add(describe(event)));
        assertEquals(20_000, expected.size());
        expected.sort(null);
        actual.sort(null);
        assertEquals(expected, actual);
    }

    @Test
    void theWatermarkIsTheDdlsHighestTimeLessFourSeconds() {
        final WatermarkGenerator<EventRecord> generator = NexmarkStreams.watermarks().createGenerator(new VirtualClock(0));
        final List<Long> watermarks = new ArrayList<>();
        final WatermarkOutput output = new WatermarkOutput() {
            @Override
            public void emitWatermark(final long watermark) {
                watermarks.add(watermark);
            }

            @Override
            public void markIdle() {
            }

            @Override
            public void markActive() {
            }
        };
        final EventRecord bid = new EventRecord(EventKind.BID, 10_000L, null, null, new BidRecord(1000, 1001, 5, "Google", "", 10_000L, ""));
        generator.onEvent(bid, NexmarkStreams.watermarks().timestampOf(bid, Long.MIN_VALUE), output);
        generator.onPeriodicEmit(output);
        assertEquals(6_000L, watermarks.get(watermarks.size() - 1));
    }

    /** @return the record an event should become, written field by field from the pooled event */
    private static String describe(final Event event) {
        final String member = switch (event.kind()) {
            case PERSON -> "person=PersonRecord[id=" + event.person().id() + ", name=" + event.person().name() + ", emailAddress="
                    + event.person().emailAddress() + ", creditCard=" + event.person().creditCard() + ", city=" + event.person().city()
                    + ", state=" + event.person().state() + ", dateTime=" + event.person().dateTime() + ", extra=" + event.person().extra()
                    + "], auction=null, bid=null";
            case AUCTION -> "person=null, auction=AuctionRecord[id=" + event.auction().id() + ", itemName=" + event.auction().itemName()
                    + ", description=" + event.auction().description() + ", initialBid=" + event.auction().initialBid() + ", reserve="
                    + event.auction().reserve() + ", dateTime=" + event.auction().dateTime() + ", expires=" + event.auction().expires()
                    + ", seller=" + event.auction().seller() + ", category=" + event.auction().category() + ", extra="
                    + event.auction().extra() + "], bid=null";
            case BID -> "person=null, auction=null, bid=BidRecord[auction=" + event.bid().auction() + ", bidder=" + event.bid().bidder()
                    + ", price=" + event.bid().price() + ", channel=" + event.bid().channel() + ", url=" + event.bid().url()
                    + ", dateTime=" + event.bid().dateTime() + ", extra=" + event.bid().extra() + "]";
        };
        return "EventRecord[kind=" + event.kind() + ", time=" + event.time() + ", " + member + "]";
    }
}
