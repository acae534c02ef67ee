package dev.weir.valve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §7: the combination of a two-input operator's inputs gives exactly the output
 * sequence of a plain reference model of Flink's two-input rule (AbstractStreamOperator's
 * processWatermark1/2 and processWatermarkStatus1/2 over IndexedCombinedWatermarkStatus) over many
 * random sequences of watermarks and statuses on inputs 1 and 2.
 */
@Tag("property")
class CombinedWatermarkRandomizedTest {
    private static final long SEED = 0x7_10_1A7EL;
    private static final int RUNS = 400;
    private static final int EVENTS_PER_RUN = 500;

    @Test
    void theCombinationMatchesAReferenceModelOverRandomSequences() {
        final Random random = new Random(SEED);
        int watermarksOut = 0;
        int idleOut = 0;
        int activeOut = 0;
        for (int run = 0; run < RUNS; run++) {
            final double statusShare = 0.05 + 0.5 * random.nextDouble();
            final double idleShare = random.nextDouble();
            final CombinedWatermark combined = new CombinedWatermark();
            final ReferenceOperator reference = new ReferenceOperator();
            final List<String> output = new ArrayList<>();
            long frontier = -1000;
            for (int event = 0; event < EVENTS_PER_RUN; event++) {
                final int input = 1 + random.nextInt(2);
                final String step;
                final int changes;
                if (random.nextDouble() < statusShare) {
                    final WatermarkStatus status = random.nextDouble() < idleShare ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE;
                    changes = combined.inputStatus(input, status);
                    reference.status(input - 1, status.isIdle());
                    forward(combined, changes, output);
                    step = status + " on " + input;
                } else {
                    if (random.nextInt(3) == 0) {
                        frontier += 10;
                    }
                    // mostly values near a slowly rising frontier (ties, regressions), some leaps of one input,
                    // a few MIN, and now and then an input's end (MAX) late in a run
                    final int shape = random.nextInt(400);
                    final long watermark = shape == 0 && event > EVENTS_PER_RUN / 2 ? Long.MAX_VALUE
                            : shape < 10 ? Long.MIN_VALUE
                            : frontier + 10L * (random.nextInt(9) - 4) + (shape < 30 ? 1000 : 0);
                    changes = combined.inputWatermark(input, watermark);
                    reference.watermark(input - 1, watermark);
                    forward(combined, changes, output);
                    step = "WM " + Watermarks.format(watermark) + " on " + input;
                }
                final String where = "run " + run + ", event " + event + " (" + step + ")";
                assertEquals(reference.output, output, where);
                assertEquals(reference.combined, combined.combinedWatermark(), where);
                assertEquals(reference.allIdle, combined.isIdle(), where);
                for (int i = 0; i < 2; i++) {
                    assertEquals(reference.watermarks[i], combined.watermark(i + 1), where);
                    assertEquals(reference.idle[i], combined.isInputIdle(i + 1), where);
                    assertEquals(reference.received[i], combined.hasWatermark(i + 1), where);
                }
                assertEquals(reference.minimumInput(), combined.minimumInput(), where);
            }
            for (final String out : output) {
                if (out.startsWith("WM")) {
                    watermarksOut++;
                } else if (out.endsWith("IDLE")) {
                    idleOut++;
                } else {
                    activeOut++;
                }
            }
        }
        // the runs must have exercised every kind of output
        assertTrue(watermarksOut > 3000, "watermarks out: " + watermarksOut);
        assertTrue(idleOut > 2500, "idle out: " + idleOut);
        assertTrue(activeOut > 2500, "active out: " + activeOut);
    }

    /** What an operator hears of an update: the watermark, then the status (a status call's order in Flink). */
    private static void forward(final CombinedWatermark combined, final int changes, final List<String> output) {
        if (CombinedWatermark.watermarkAdvanced(changes)) {
            output.add("WM " + Watermarks.format(combined.combinedWatermark()));
        }
        if (CombinedWatermark.statusChanged(changes)) {
            output.add("STATUS " + (combined.isIdle() ? "IDLE" : "ACTIVE"));
        }
    }

    /** Flink's two-input rule, written as plainly as possible: arrays, a loop over both inputs. */
    private static final class ReferenceOperator {
        final long[] watermarks = {Long.MIN_VALUE, Long.MIN_VALUE};
        final boolean[] idle = new boolean[2];
        final boolean[] received = new boolean[2];
        final List<String> output = new ArrayList<>();
        long combined = Long.MIN_VALUE;
        boolean allIdle;

        void watermark(final int index, final long watermark) {
            received[index] = true;
            idle[index] = false;
            if (watermark > watermarks[index]) {
                watermarks[index] = watermark;
            }
            update();
        }

        void status(final int index, final boolean isIdle) {
            idle[index] = isIdle;
            update();
        }

        private void update() {
            final boolean wasIdle = allIdle;
            long minimum = Long.MAX_VALUE;
            boolean everyIdle = true;
            for (int i = 0; i < 2; i++) {
                if (!idle[i]) {
                    everyIdle = false;
                    minimum = Math.min(minimum, watermarks[i]);
                }
            }
            allIdle = everyIdle;
            if (!everyIdle && minimum > combined) {
                combined = minimum;
                output.add("WM " + Watermarks.format(minimum));
            }
            if (wasIdle != allIdle) {
                output.add("STATUS " + (allIdle ? "IDLE" : "ACTIVE"));
            }
        }

        int minimumInput() {
            int minimum = 0;
            for (int i = 0; i < 2; i++) {
                if (!idle[i] && (minimum == 0 || watermarks[i] < watermarks[minimum - 1])) {
                    minimum = i + 1;
                }
            }
            return minimum;
        }
    }
}
