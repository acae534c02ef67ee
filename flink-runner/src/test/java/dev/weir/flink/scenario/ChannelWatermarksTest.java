package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.time.WatermarkKind;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.eventtime.AscendingTimestampsWatermarks;
import org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkOutputMultiplexer;
import org.apache.flink.api.common.eventtime.WatermarksWithIdleness;
import org.junit.jupiter.api.Test;

/**
 * {@link ChannelWatermarks}: the watermarks and idleness it hands to the reader's output are
 * exactly those of Flink's generators and multiplexer called at every tick of processing time
 * (a reference here that steps through every tick), for random rows on one to three channels,
 * both generators, with and without idleness; ticks it skips change nothing.
 */
final class ChannelWatermarksTest {
    private static final long[] INTERVALS = {1, 7, 50};
    private static final long[] IDLENESS = {0, 1, 30, 200};

    @Test
    void skippingTicksGivesExactlyTheOutputOfSteppingThroughEveryTick() {
        int runs = 0;
        int idleMarks = 0;
        for (long seed = 0; seed < 120; seed++) {
            final Random random = new Random(seed);
            final int channels = 1 + random.nextInt(3);
            final WatermarkSpec spec = new WatermarkSpec(random.nextBoolean() ? WatermarkKind.MONOTONOUS : WatermarkKind.BOUNDED_OUT_OF_ORDERNESS,
                    random.nextInt(100), INTERVALS[random.nextInt(INTERVALS.length)], IDLENESS[random.nextInt(IDLENESS.length)]);
            final List<ScenarioElement> rows = rows(random, channels);
            final List<String> expected = everyTick(spec, channels, rows);
            assertEquals(expected, skipping(spec, channels, rows), "seed " + seed);
            idleMarks += expected.contains("IDLE") ? 1 : 0;
            runs++;
        }
        assertEquals(120, runs);
        assertTrue(idleMarks > 10, "the random rows exercise idleness: " + idleMarks);
    }

    @Test
    void rowsHoursApartWithAOneMillisecondIntervalNeedNoStepPerTick() {
        final WatermarkSpec spec = new WatermarkSpec(WatermarkKind.MONOTONOUS, 0, 1, 1);
        final List<ScenarioElement> rows = List.of(ScenarioElement.record(0, 0, "k", 1000, 1),
                ScenarioElement.record(7_200_000, 1, "k", 7_200_000, 2),
                ScenarioElement.record(14_400_000, 0, "k", 14_400_000, 3),
                ScenarioElement.status(14_400_000, 0, ScenarioElement.Kind.END),
                ScenarioElement.status(14_400_000, 1, ScenarioElement.Kind.END));
        final List<String> lines = skipping(spec, 2, rows);
        assertEquals(everyTick(spec, 2, rows), lines);
        // channel 1 (no record yet) idle at tick 3: channel 0's 999 alone; channel 0 idle at tick 4; channel 1's record at
        // 7200000 wakes the output at the next tick, until it idles too; channel 0's E row follows its record before any tick
        assertEquals(List.of("WM 999", "IDLE", "WM 7199999", "IDLE", "WM " + Long.MAX_VALUE), lines);
    }

    @Test
    void anIntervalOfZeroEmitsAfterEveryRecordAndTheEndRowsEndTheInput() {
        final WatermarkSpec spec = new WatermarkSpec(WatermarkKind.BOUNDED_OUT_OF_ORDERNESS, 100, 0, 0);
        final ChannelWatermarks watermarks = new ChannelWatermarks(spec, 2);
        final List<String> lines = new ArrayList<>();
        watermarks.emitTo(recording(lines));
        watermarks.advanceTo(0);
        watermarks.onRecord(0, new ScenarioRecord("k", 500, 1), 500);
        watermarks.onRecord(1, new ScenarioRecord("k", 300, 1), 300);
        watermarks.onEnd(1);
        assertFalse(watermarks.allEnded());
        watermarks.onEnd(0);
        assertTrue(watermarks.allEnded());
        assertEquals(List.of("WM 199", "WM 399", "WM " + Long.MAX_VALUE), lines);
    }

    private static List<ScenarioElement> rows(final Random random, final int channels) {
        final List<ScenarioElement> rows = new ArrayList<>();
        final boolean[] ended = new boolean[channels];
        long at = random.nextInt(20);
        for (int i = 0; i < 40; i++) {
            at += random.nextInt(10) == 0 ? random.nextInt(2000) : random.nextInt(40);
            final int channel = random.nextInt(channels);
            if (ended[channel]) {
                continue;
            }
            final int kind = random.nextInt(20);
            if (kind < 15) {
                rows.add(ScenarioElement.record(at, channel, "k", at + random.nextInt(300) - 150, 1));
            } else if (kind < 17) {
                rows.add(ScenarioElement.watermark(at, channel, at - random.nextInt(200)));
            } else if (kind < 19) {
                rows.add(ScenarioElement.status(at, channel, random.nextBoolean() ? ScenarioElement.Kind.IDLE : ScenarioElement.Kind.ACTIVE));
            } else {
                rows.add(ScenarioElement.status(at, channel, ScenarioElement.Kind.END));
                ended[channel] = true;
            }
        }
        return rows;
    }

    private static List<String> skipping(final WatermarkSpec spec, final int channels, final List<ScenarioElement> rows) {
        final ChannelWatermarks watermarks = new ChannelWatermarks(spec, channels);
        final List<String> lines = new ArrayList<>();
        watermarks.emitTo(recording(lines));
        for (final ScenarioElement row : rows) {
            watermarks.advanceTo(row.at());
            switch (row.kind()) {
                case RECORD:
                    watermarks.onRecord(row.channel(), row.toRecord(), row.timestamp());
                    break;
                case WATERMARK:
                    watermarks.onWatermark(row.channel(), row.timestamp());
                    break;
                case END:
                    watermarks.onEnd(row.channel());
                    break;
                default:
                    watermarks.onStatus(row.channel(), row.kind() == ScenarioElement.Kind.IDLE);
                    break;
            }
        }
        return lines;
    }

    /** The reference: Flink's generators and multiplexer, every tick up to each row's time run one by one. */
    private static List<String> everyTick(final WatermarkSpec spec, final int channels, final List<ScenarioElement> rows) {
        final List<String> lines = new ArrayList<>();
        final WatermarkOutputMultiplexer multiplexer = new WatermarkOutputMultiplexer(recording(lines));
        final ScenarioClock clock = new ScenarioClock();
        final List<WatermarkGenerator<ScenarioRecord>> generators = new ArrayList<>();
        final boolean[] ended = new boolean[channels];
        for (int channel = 0; channel < channels; channel++) {
            multiplexer.registerNewOutput(Integer.toString(channel));
            final WatermarkGenerator<ScenarioRecord> generator = spec.kind() == WatermarkKind.MONOTONOUS ? new AscendingTimestampsWatermarks<>()
                    : new BoundedOutOfOrdernessWatermarks<>(Duration.ofMillis(spec.maxOutOfOrdernessMillis()));
            generators.add(spec.idlenessMillis() > 0 ? new WatermarksWithIdleness<>(generator, Duration.ofMillis(spec.idlenessMillis()), clock) : generator);
        }
        long tick = spec.intervalMillis();
        for (final ScenarioElement row : rows) {
            for (; spec.intervalMillis() > 0 && tick <= row.at(); tick += spec.intervalMillis()) {
                clock.set(tick);
                for (int channel = 0; channel < channels; channel++) {
                    if (!ended[channel]) {
                        generators.get(channel).onPeriodicEmit(multiplexer.getDeferredOutput(Integer.toString(channel)));
                    }
                }
                multiplexer.onPeriodicEmit();
            }
            final WatermarkOutput immediate = multiplexer.getImmediateOutput(Integer.toString(row.channel()));
            switch (row.kind()) {
                case RECORD:
                    generators.get(row.channel()).onEvent(row.toRecord(), row.timestamp(), immediate);
                    if (spec.intervalMillis() == 0) {
                        generators.get(row.channel()).onPeriodicEmit(immediate);
                    }
                    break;
                case WATERMARK:
                    immediate.emitWatermark(new Watermark(row.timestamp()));
                    break;
                case IDLE:
                    immediate.markIdle();
                    break;
                case ACTIVE:
                    immediate.markActive();
                    break;
                case END:
                default:
                    immediate.emitWatermark(Watermark.MAX_WATERMARK);
                    ended[row.channel()] = true;
                    break;
            }
        }
        return lines;
    }

    /** Records what reaches the reader's output; a Flink source output forwards only rising watermarks, and so does this. */
    private static WatermarkOutput recording(final List<String> lines) {
        return new WatermarkOutput() {
            private long last = Long.MIN_VALUE;
            private boolean idle;

            @Override
            public void emitWatermark(final Watermark watermark) {
                if (watermark.getTimestamp() > last) {
                    last = watermark.getTimestamp();
                    idle = false;
                    lines.add("WM " + watermark.getTimestamp());
                }
            }

            @Override
            public void markIdle() {
                if (!idle) {
                    idle = true;
                    lines.add("IDLE");
                }
            }

            @Override
            public void markActive() {
                if (idle) {
                    idle = false;
                    lines.add("ACTIVE");
                }
            }
        };
    }
}
