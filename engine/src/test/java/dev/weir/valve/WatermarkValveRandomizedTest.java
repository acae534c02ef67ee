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
 * docs/semantics.md §2, the valve: the heap-based valve gives exactly the output sequence of a plain
 * reference model of Flink's StatusWatermarkValve (arrays and linear scans) over many random
 * watermark and status events, for 1 to 8 channels.
 */
@Tag("property")
class WatermarkValveRandomizedTest {
    private static final long SEED = 0x5EED_F11AL;
    private static final int EVENTS_PER_RUN = 5000;
    /** {share of status events, share of IDLE among them}: mostly-active and half-idle channel sets. */
    private static final double[][] STATUS_MIXES = {{0.02, 0.3}, {0.1, 0.2}, {0.1, 0.5}, {0.4, 0.5}};

    @Test
    void theValveMatchesAReferenceModelOverRandomEvents() {
        final Random random = new Random(SEED);
        int watermarksOut = 0;
        int idleOut = 0;
        int activeOut = 0;
        for (int channels = 1; channels <= 8; channels++) {
            for (final double[] mix : STATUS_MIXES) {
                final double statusShare = mix[0];
                final double idleShare = mix[1];
                final RecordingSink sink = new RecordingSink();
                final WatermarkValve valve = new WatermarkValve(channels, sink);
                final ReferenceValve reference = new ReferenceValve(channels);
                long frontier = -100;
                for (int event = 0; event < EVENTS_PER_RUN; event++) {
                    final int channel = random.nextInt(channels);
                    final String step;
                    if (random.nextDouble() < statusShare) {
                        final WatermarkStatus status = random.nextDouble() < idleShare ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE;
                        valve.inputStatus(status, channel);
                        reference.inputStatus(status, channel);
                        step = status + " on " + channel;
                    } else {
                        if (random.nextInt(3) == 0) {
                            frontier += 10;
                        }
                        final long watermark;
                        if (random.nextBoolean() || reference.watermarks[channel] == Long.MIN_VALUE) {
                            // coarse values near a slowly rising frontier: ties, regressions and equal-to-output cases
                            watermark = frontier + 10L * (random.nextInt(7) - 3);
                        } else {
                            // a channel leaping ahead: channels spread apart, so the heap has unordered subtrees
                            watermark = reference.watermarks[channel] + 10L * random.nextInt(40);
                        }
                        valve.inputWatermark(watermark, channel);
                        reference.inputWatermark(watermark, channel);
                        step = "WM " + watermark + " on " + channel;
                    }
                    final String where = channels + " channels, mix " + statusShare + "/" + idleShare
                            + ", event " + event + " (" + step + ")";
                    assertEquals(reference.output, sink.events, where);
                    assertEquals(reference.lastOutput, valve.lastOutputWatermark(), where);
                    assertEquals(reference.outputIdle, valve.isOutputIdle(), where);
                    for (int c = 0; c < channels; c++) {
                        assertEquals(reference.watermarks[c], valve.channelWatermark(c), where);
                        assertEquals(reference.idle[c], valve.isChannelIdle(c), where);
                        assertEquals(reference.aligned[c], valve.isChannelAligned(c), where);
                    }
                    final int minimumChannel = valve.minimumChannel();
                    final int referenceMinimum = reference.minimumChannel();
                    if (referenceMinimum < 0) {
                        assertEquals(-1, minimumChannel, where);
                    } else {
                        // ties may name any of the channels at the minimum
                        assertEquals(reference.watermarks[referenceMinimum], valve.channelWatermark(minimumChannel), where);
                        assertTrue(reference.aligned[minimumChannel], where);
                    }
                }
                for (final String out : sink.events) {
                    if (out.startsWith("WM")) {
                        watermarksOut++;
                    } else if (out.endsWith("IDLE")) {
                        idleOut++;
                    } else {
                        activeOut++;
                    }
                }
            }
        }
        // the run must have exercised every kind of output
        assertTrue(watermarksOut > 1000, "watermarks out: " + watermarksOut);
        assertTrue(idleOut > 50, "idle out: " + idleOut);
        assertTrue(activeOut > 50, "active out: " + activeOut);
    }

    /** Flink's StatusWatermarkValve rules, written as plainly as possible. */
    private static final class ReferenceValve {
        final long[] watermarks;
        final boolean[] idle;
        final boolean[] aligned;
        final List<String> output = new ArrayList<>();
        long lastOutput = Long.MIN_VALUE;
        boolean outputIdle;

        ReferenceValve(final int channels) {
            watermarks = new long[channels];
            idle = new boolean[channels];
            aligned = new boolean[channels];
            java.util.Arrays.fill(watermarks, Long.MIN_VALUE);
            java.util.Arrays.fill(aligned, true);
        }

        void inputWatermark(final long watermark, final int channel) {
            if (outputIdle || idle[channel] || watermark <= watermarks[channel]) {
                return;
            }
            watermarks[channel] = watermark;
            if (!aligned[channel] && watermark >= lastOutput) {
                aligned[channel] = true;
            }
            emitMinimumOfAligned();
        }

        void inputStatus(final WatermarkStatus status, final int channel) {
            if (status == WatermarkStatus.IDLE && !idle[channel]) {
                idle[channel] = true;
                aligned[channel] = false;
                boolean allIdle = true;
                for (final boolean channelIdle : idle) {
                    allIdle &= channelIdle;
                }
                if (allIdle) {
                    if (watermarks[channel] == lastOutput) {
                        long maximum = Long.MIN_VALUE;
                        for (final long w : watermarks) {
                            maximum = Math.max(maximum, w);
                        }
                        if (maximum > lastOutput) {
                            emit(maximum);
                        }
                    }
                    outputIdle = true;
                    output.add("STATUS IDLE");
                } else if (watermarks[channel] == lastOutput) {
                    emitMinimumOfAligned();
                }
            } else if (status == WatermarkStatus.ACTIVE && idle[channel]) {
                idle[channel] = false;
                if (watermarks[channel] >= lastOutput) {
                    aligned[channel] = true;
                }
                if (outputIdle) {
                    outputIdle = false;
                    output.add("STATUS ACTIVE");
                }
            }
        }

        int minimumChannel() {
            int minimum = -1;
            for (int c = 0; c < watermarks.length; c++) {
                if (aligned[c] && (minimum < 0 || watermarks[c] < watermarks[minimum])) {
                    minimum = c;
                }
            }
            return minimum;
        }

        private void emitMinimumOfAligned() {
            final int minimum = minimumChannel();
            if (minimum >= 0 && watermarks[minimum] > lastOutput) {
                emit(watermarks[minimum]);
            }
        }

        private void emit(final long watermark) {
            lastOutput = watermark;
            output.add("WM " + Watermarks.format(watermark));
        }
    }
}
