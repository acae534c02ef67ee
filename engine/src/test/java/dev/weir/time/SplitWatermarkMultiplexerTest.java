package dev.weir.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §1, split-level watermarks: a source emits the minimum over its non-idle splits,
 * only when it rises (Flink's WatermarkOutputMultiplexer with immediate outputs, in front of the
 * source's filtering output); a lagging split holds the source back; all splits idle make the
 * source idle; a split returning with a higher watermark resumes it.
 */
class SplitWatermarkMultiplexerTest {
    private final RecordingSink sink = new RecordingSink();
    private final SplitWatermarkMultiplexer multiplexer = new SplitWatermarkMultiplexer(new ChannelWatermarkOutput(sink));

    @Test
    void theSourceEmitsTheMinimumOverItsSplitsOnlyWhenItRises() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();

        a.emitWatermark(100); // b still at MIN
        b.emitWatermark(50);
        b.emitWatermark(300);
        a.emitWatermark(200);
        a.emitWatermark(150); // a regression on a split is ignored
        b.emitWatermark(250); // so is this one: b stays at 300
        b.emitWatermark(350); // min stays 200
        a.emitWatermark(260);

        assertEquals(List.of("WM 50", "WM 100", "WM 200", "WM 260"), sink.events);
        assertEquals(260, multiplexer.combinedWatermark());
    }

    @Test
    void aLaggingSplitHoldsTheSourceBack() {
        final WatermarkOutput fast = multiplexer.addSplit();
        final WatermarkOutput slow = multiplexer.addSplit();

        fast.emitWatermark(1000);
        slow.emitWatermark(10);
        fast.emitWatermark(5000);
        fast.emitWatermark(9000);
        slow.emitWatermark(20);

        assertEquals(List.of("WM 10", "WM 20"), sink.events);
    }

    @Test
    void aNewSplitStartsAtMinAndHoldsTheSourceBack() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(200);
        b.emitWatermark(200);

        final WatermarkOutput c = multiplexer.addSplit();
        a.emitWatermark(500);
        b.emitWatermark(500);
        c.emitWatermark(400);
        c.emitWatermark(600);

        assertEquals(List.of("WM 200", "WM 400", "WM 500"), sink.events);
    }

    @Test
    void anIdleSplitLeavesTheMinimum() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(100);
        b.emitWatermark(300);
        a.markIdle();
        b.emitWatermark(400);

        assertEquals(List.of("WM 100", "WM 300", "WM 400"), sink.events);
    }

    @Test
    void allSplitsIdleMakeTheSourceIdle() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(100);
        b.emitWatermark(300);
        a.markIdle();
        b.markIdle();
        b.markIdle();

        assertEquals(List.of("WM 100", "WM 300", "STATUS IDLE"), sink.events);
    }

    @Test
    void aSplitReturningWithAHigherWatermarkResumesTheSource() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(100);
        b.emitWatermark(300);
        a.markIdle();
        b.markIdle();

        a.emitWatermark(400); // only a is active: the source resumes at 400
        b.emitWatermark(350); // b is back and holds the source until it passes 400
        b.emitWatermark(450);
        a.emitWatermark(500);

        assertEquals(List.of("WM 100", "WM 300", "STATUS IDLE", "STATUS ACTIVE", "WM 400", "WM 450"), sink.events);
    }

    @Test
    void aSplitReturningBelowTheSourceWatermarkDoesNotResumeIt() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(100);
        b.emitWatermark(300);
        a.markIdle();
        b.markIdle();

        a.emitWatermark(200); // a is active again, so is the source; 200 <= 300 emits no watermark
        a.emitWatermark(301);

        assertEquals(List.of("WM 100", "WM 300", "STATUS IDLE", "STATUS ACTIVE", "WM 301"), sink.events);
    }

    @Test
    void aSplitMarkedActiveRejoinsTheMinimumWithItsLastWatermark() {
        final WatermarkOutput a = multiplexer.addSplit();
        final WatermarkOutput b = multiplexer.addSplit();
        a.emitWatermark(100);
        b.emitWatermark(300);
        a.markIdle();
        a.markActive();
        b.emitWatermark(500); // a holds the source at 300 (it never goes back)
        a.emitWatermark(400);

        assertEquals(List.of("WM 100", "WM 300", "WM 400"), sink.events);
    }

    @Test
    void periodicSplitWatermarksAreCombinedOncePerInterval() {
        multiplexer.addSplit();
        multiplexer.addSplit();
        final WatermarkOutput a = multiplexer.deferredOutput(0);
        final WatermarkOutput b = multiplexer.deferredOutput(1);
        a.emitWatermark(100);
        b.emitWatermark(200);
        multiplexer.onPeriodicEmit();
        a.emitWatermark(250);
        b.emitWatermark(400);
        assertEquals(List.of("WM 100"), sink.events);
        multiplexer.onPeriodicEmit();
        assertEquals(List.of("WM 100", "WM 250"), sink.events);
    }

    @Test
    void deferredIdlenessTakesEffectAtThePeriodicEmission() {
        multiplexer.addSplit();
        final WatermarkOutput a = multiplexer.deferredOutput(0);
        a.emitWatermark(100);
        a.markIdle();
        assertEquals(List.of(), sink.events);
        multiplexer.onPeriodicEmit();
        assertEquals(List.of("STATUS IDLE"), sink.events);
    }

    @Test
    void aRemovedSplitStopsHoldingTheSourceBackFromTheNextCombination() {
        final WatermarkOutput lagging = multiplexer.addSplit();
        final WatermarkOutput fast = multiplexer.addSplit();
        lagging.emitWatermark(100);
        fast.emitWatermark(900);
        multiplexer.deferredOutput(1).emitWatermark(1000); // deferred: not combined yet

        multiplexer.removeSplit(0);
        lagging.emitWatermark(5000); // ignored: the split ended
        assertEquals(List.of("WM 100"), sink.events);
        multiplexer.onPeriodicEmit();

        assertEquals(List.of("WM 100", "WM 1000"), sink.events);
        assertEquals(1000, multiplexer.splitWatermark(1));
        assertEquals(100, multiplexer.splitWatermark(0));
    }

    @Test
    void whenEverySplitIsRemovedNothingMoreIsCombined() {
        final WatermarkOutput a = multiplexer.addSplit();
        a.emitWatermark(100);
        multiplexer.removeSplit(0);
        a.markIdle();
        multiplexer.onPeriodicEmit();
        assertEquals(List.of("WM 100"), sink.events); // no IDLE: the source's end emits MAX
    }
}
