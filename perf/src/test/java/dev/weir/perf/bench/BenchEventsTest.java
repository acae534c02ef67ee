package dev.weir.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.weir.time.WatermarkKind;
import dev.weir.time.WatermarkStrategy;
import org.junit.jupiter.api.Test;

/** The input of the BenchEvent pipelines: content from the index only, refilled in place from a pool, pre-boxed keys. */
final class BenchEventsTest {
    @Test
    void contentDependsOnTheIndexOnly() {
        final BenchEvents events = new BenchEvents(3, 500, 4);
        assertEquals("BenchEvent{key=0, value=0, eventTimeMillis=0}", events.next(0, 11).toString());
        assertEquals("BenchEvent{key=1, value=1, eventTimeMillis=2}", events.next(1, 12).toString());
        assertEquals("BenchEvent{key=2, value=2, eventTimeMillis=4}", events.next(2, 13).toString());
        assertEquals("BenchEvent{key=0, value=999, eventTimeMillis=1998}", events.next(999, 14).toString());
        assertEquals("BenchEvent{key=1, value=0, eventTimeMillis=2000}", events.next(1_000, 15).toString());
        assertEquals(15, events.next(1_000, 15).intendedNanos());
        // the same index on another factory, another pool size and intended time: the same content
        assertEquals("BenchEvent{key=1, value=0, eventTimeMillis=2000}", new BenchEvents(3, 500, 1).next(1_000, 99).toString());
    }

    @Test
    void poolIsRoundedUpToAPowerOfTwoAndReusedInOrder() {
        assertEquals(1, new BenchEvents(1, 1, 1).poolSize());
        assertEquals(2, new BenchEvents(1, 1, 2).poolSize());
        assertEquals(8, new BenchEvents(1, 1, 5).poolSize());
        assertEquals(8, new BenchEvents(1, 1, 8).poolSize());
        final BenchEvents events = new BenchEvents(2, 1_000, 3);
        final BenchEvent first = events.next(0, 0);
        assertNotSame(first, events.next(1, 0));
        assertNotSame(first, events.next(3, 0));
        assertSame(first, events.next(4, 0));
    }

    @Test
    void keysArePreBoxedOnce() {
        final BenchEvents events = new BenchEvents(1_000, 1_000, 16);
        // beyond Integer's cache of -128..127: the same object each time, so keying allocates nothing
        assertSame(events.next(500, 0).key(), events.next(1_500, 0).key());
        assertEquals(500, events.next(2_500, 0).key());
    }

    @Test
    void watermarksFollowTheEventTime() {
        final BenchEvent event = new BenchEvent().refill(7, 1, 1_234, 0);
        for (final long interval : new long[] {0, 1, 200}) {
            assertEquals(1_234, BenchEvent.monotonousWatermarks(interval).timestampOf(event, Long.MIN_VALUE));
        }
        // interval 0: each record carries its watermark
        final WatermarkStrategy<BenchEvent> everyRecord = BenchEvent.monotonousWatermarks(0);
        assertEquals(WatermarkKind.PUNCTUATED, everyRecord.kind());
        assertEquals(1_233, everyRecord.punctuation().watermarkOf(event, 1_234));
        assertEquals(WatermarkKind.MONOTONOUS, BenchEvent.monotonousWatermarks(1).kind());
        assertEquals(200, BenchEvent.monotonousWatermarks(200).intervalMillis());
    }
}
