package dev.weir.valve;

import static dev.weir.event.WatermarkStatus.ACTIVE;
import static dev.weir.event.WatermarkStatus.IDLE;
import static dev.weir.valve.CombinedWatermark.STATUS_CHANGED;
import static dev.weir.valve.CombinedWatermark.UNCHANGED;
import static dev.weir.valve.CombinedWatermark.WATERMARK_ADVANCED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7, the combination of a two-input operator's inputs (Flink's
 * IndexedCombinedWatermarkStatus): what each update returns and the state it leaves, step by step.
 */
class CombinedWatermarkTest {
    private final CombinedWatermark combined = new CombinedWatermark();

    @Test
    void bothInputsStartActiveAtMin() {
        assertEquals(Long.MIN_VALUE, combined.combinedWatermark());
        assertFalse(combined.isIdle());
        for (final int input : new int[] {1, 2}) {
            assertEquals(Long.MIN_VALUE, combined.watermark(input));
            assertFalse(combined.isInputIdle(input));
            assertFalse(combined.hasWatermark(input));
        }
        assertEquals(1, combined.minimumInput());
    }

    @Test
    void theCombinedWatermarkIsTheMinimumOverTheInputsThatAreNotIdle() {
        assertEquals(UNCHANGED, combined.inputWatermark(1, 1000));
        assertEquals(WATERMARK_ADVANCED, combined.inputWatermark(2, 700));
        assertEquals(700, combined.combinedWatermark());
        assertEquals(2, combined.minimumInput());
        assertEquals(WATERMARK_ADVANCED, combined.inputWatermark(2, 1500));
        assertEquals(1000, combined.combinedWatermark());
        assertEquals(1, combined.minimumInput());
        // input 1 leaves the minimum: input 2 alone counts
        assertEquals(WATERMARK_ADVANCED, combined.inputStatus(1, IDLE));
        assertEquals(1500, combined.combinedWatermark());
        assertEquals(2, combined.minimumInput());
    }

    @Test
    void theCombinedWatermarkNeverGoesBackwards() {
        combined.inputWatermark(1, 5000);
        combined.inputWatermark(2, 3000);
        assertEquals(3000, combined.combinedWatermark());
        assertEquals(WATERMARK_ADVANCED, combined.inputStatus(2, IDLE));
        assertEquals(5000, combined.combinedWatermark());
        // input 2 is back at 3000 and lowers the minimum to 3000, which is below what was emitted
        assertEquals(UNCHANGED, combined.inputStatus(2, ACTIVE));
        assertEquals(5000, combined.combinedWatermark());
        assertEquals(2, combined.minimumInput());
        // a regression on an input keeps its highest watermark
        assertEquals(UNCHANGED, combined.inputWatermark(1, 100));
        assertEquals(5000, combined.watermark(1));
    }

    @Test
    void theOperatorIsIdleOnlyWhenBothInputsAreIdleAndTheStatusChangesOnlyThen() {
        assertEquals(UNCHANGED, combined.inputStatus(1, IDLE));
        assertFalse(combined.isIdle());
        assertEquals(UNCHANGED, combined.inputStatus(1, IDLE));
        assertEquals(STATUS_CHANGED, combined.inputStatus(2, IDLE));
        assertTrue(combined.isIdle());
        assertEquals(0, combined.minimumInput());
        assertEquals(UNCHANGED, combined.inputStatus(2, IDLE));
        assertEquals(STATUS_CHANGED, combined.inputStatus(1, ACTIVE));
        assertFalse(combined.isIdle());
        assertEquals(UNCHANGED, combined.inputStatus(2, ACTIVE));
        assertEquals(UNCHANGED, combined.inputStatus(2, ACTIVE));
    }

    @Test
    void whenBothInputsGoIdleNoHigherWatermarkIsEmitted() {
        combined.inputWatermark(1, 9000);
        combined.inputWatermark(2, 2000);
        assertEquals(2000, combined.combinedWatermark());
        assertEquals(UNCHANGED, combined.inputStatus(1, IDLE));
        // a valve would flush 9000 first; the combination does not
        assertEquals(STATUS_CHANGED, combined.inputStatus(2, IDLE));
        assertEquals(2000, combined.combinedWatermark());
    }

    @Test
    void bothIdleThenOneActiveTakesThatInputsWatermarkAtOnce() {
        combined.inputWatermark(1, 9000);
        combined.inputWatermark(2, 2000);
        combined.inputStatus(1, IDLE);
        combined.inputStatus(2, IDLE);
        assertEquals(WATERMARK_ADVANCED | STATUS_CHANGED, combined.inputStatus(1, ACTIVE));
        assertEquals(9000, combined.combinedWatermark());
        assertFalse(combined.isIdle());
    }

    @Test
    void anInputThatNeverSentAWatermarkHoldsTheCombinedWatermarkAtMin() {
        for (long watermark = 1000; watermark <= 50_000; watermark += 1000) {
            assertEquals(UNCHANGED, combined.inputWatermark(1, watermark));
        }
        assertEquals(Long.MIN_VALUE, combined.combinedWatermark());
        assertEquals(2, combined.minimumInput());
        assertFalse(combined.hasWatermark(2));
        assertTrue(combined.hasWatermark(1));
    }

    @Test
    void anInputThatEndedSentMaxAndNoLongerHoldsTheMinimumBack() {
        combined.inputWatermark(1, 400);
        assertEquals(WATERMARK_ADVANCED, combined.inputWatermark(2, Long.MAX_VALUE));
        assertEquals(400, combined.combinedWatermark());
        assertEquals(WATERMARK_ADVANCED, combined.inputWatermark(1, 800));
        assertEquals(800, combined.combinedWatermark());
        assertEquals(WATERMARK_ADVANCED, combined.inputWatermark(1, Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, combined.combinedWatermark());
    }

    @Test
    void aWatermarkOnAnIdleInputMakesItActiveAsInFlink() {
        combined.inputWatermark(1, 100);
        combined.inputWatermark(2, 100);
        combined.inputStatus(1, IDLE);
        combined.inputStatus(2, IDLE);
        assertEquals(WATERMARK_ADVANCED | STATUS_CHANGED, combined.inputWatermark(2, 300));
        assertFalse(combined.isInputIdle(2));
        assertTrue(combined.isInputIdle(1));
        assertEquals(300, combined.combinedWatermark());
    }

    @Test
    void inputsAreOneAndTwo() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> combined.inputWatermark(0, 1));
        assertEquals("a two-input operator has inputs 1 and 2, not 0", error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> combined.inputStatus(3, IDLE));
    }

    @Test
    void theDiagnosisNamesTheInputAndItsChannelThatNeverSentAWatermark() {
        final WatermarkValve valve1 = new WatermarkValve(1, new RecordingSink());
        final WatermarkValve valve2 = new WatermarkValve(3, new RecordingSink());
        assertNull(ValveDiagnosis.stalledInput(combined, valve1, valve2), "nothing advanced yet");
        valve2.inputWatermark(4000, 0);
        valve2.inputWatermark(4000, 2); // input 2's channel 1 never gets one, so input 2 never sends one
        combined.inputWatermark(1, 5000);
        assertEquals("input 2 has never sent a watermark (its channel 1 is at MIN) and holds the two-input operator's watermark"
                + " at MIN while input 1 reached 5000: event-time timers and windows cannot fire. Give input 2 watermarks, end it"
                + " (its end sends MAX), or enable idleness on it so that it is marked IDLE.",
                ValveDiagnosis.stalledInput(combined, valve1, valve2));
        combined.inputWatermark(2, 10);
        assertNull(ValveDiagnosis.stalledInput(combined, valve1, valve2), "input 2 moved on");
    }

    @Test
    void anIdleInputHoldsNothingAndIsNotNamed() {
        final WatermarkValve valve1 = new WatermarkValve(1, new RecordingSink());
        final WatermarkValve valve2 = new WatermarkValve(1, new RecordingSink());
        combined.inputWatermark(2, 7000);
        assertEquals("input 1 has never sent a watermark (its channel 0 is at MIN) and holds the two-input operator's watermark"
                + " at MIN while input 2 reached 7000: event-time timers and windows cannot fire. Give input 1 watermarks, end it"
                + " (its end sends MAX), or enable idleness on it so that it is marked IDLE.",
                ValveDiagnosis.stalledInput(combined, valve1, valve2));
        combined.inputStatus(1, IDLE);
        assertEquals(7000, combined.combinedWatermark());
        assertEquals(2, combined.minimumInput());
        assertNull(ValveDiagnosis.stalledInput(combined, valve1, valve2));
        assertEquals("input 2 is still at MIN and holds the two-input operator's watermark at MIN while input 1 reached MAX:"
                + " event-time timers and windows cannot fire. Give input 2 watermarks, end it (its end sends MAX), or enable"
                + " idleness on it so that it is marked IDLE.",
                ValveDiagnosis.stalledInput(2, true, -1, Long.MIN_VALUE, Long.MAX_VALUE));
    }
}
