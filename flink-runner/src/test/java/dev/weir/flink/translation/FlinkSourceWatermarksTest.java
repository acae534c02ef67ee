package dev.weir.flink.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.clock.VirtualClock;
import dev.weir.time.WatermarkAlignment;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkAlignmentParams;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkGeneratorSupplier;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.clock.ManualClock;
import org.apache.flink.util.clock.RelativeClock;
import org.junit.jupiter.api.Test;

/**
 * A FLIP-27 source's idleness and alignment become Flink's own: the idle timeout on the input's
 * activity clock declares a split idle at exactly the ticks Weir's does, and the alignment group,
 * drift and update interval are Flink's parameters.
 */
class FlinkSourceWatermarksTest {
    private static final long NO_RECORD = Long.MIN_VALUE;

    @Test
    void idlenessDeclaresASplitIdleAtTheTicksWeirDoes() {
        // a record at each time given, then periodic emissions every 100 ms: idle once the activity clock is more than the
        // timeout past the first check without records, once per idle period, active again with a higher watermark
        final long[] records = {0, 50, 900, 905};
        for (final long timeout : new long[] {1, 100, 250, 1000}) {
            final WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(10).withIdleness(timeout);
            final List<String> weir = weirTicks(strategy, records);
            assertEquals(weir, flinkTicks(strategy, records), "idleness " + timeout);
            assertEquals(timeout == 1000 ? 0 : 2, weir.stream().filter(tick -> tick.endsWith("IDLE")).count(), weir::toString);
        }
    }

    @Test
    void alignmentBecomesFlinksGroupDriftAndInterval() {
        for (final WatermarkAlignment alignment : List.of(WatermarkAlignment.of("g", 0), WatermarkAlignment.of("files", 3_600_000),
                WatermarkAlignment.of("a b", Long.MAX_VALUE).withUpdateInterval(10), WatermarkAlignment.of("x", 20).withUpdateInterval(1))) {
            final WatermarkAlignmentParams flink = FlinkSources.watermarks(
                    WatermarkStrategy.<String>forMonotonousTimestamps().withWatermarkAlignment(alignment), environment()).getAlignmentParameters();
            assertEquals(List.of(alignment.group(), alignment.maxDriftMillis(), alignment.updateIntervalMillis()),
                    List.of(flink.getWatermarkGroup(), flink.getMaxAllowedWatermarkDrift(), flink.getUpdateInterval()));
        }
        assertFalse(FlinkSources.watermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(5), environment())
                .getAlignmentParameters().isEnabled());
    }

    private static StreamExecutionEnvironment environment() {
        return StreamExecutionEnvironment.getExecutionEnvironment();
    }

    /** Records at the given times, then a periodic emission every 100 ms up to 2 s, on Weir's generator. */
    private static List<String> weirTicks(final WatermarkStrategy<String> strategy, final long[] records) {
        final VirtualClock clock = new VirtualClock(0);
        final dev.weir.time.WatermarkGenerator<String> generator = strategy.createGenerator(clock);
        final TickLog output = new TickLog();
        drive(records, output, clock::advanceTo, record -> generator.onEvent("r", record, output), () -> generator.onPeriodicEmit(output));
        return output.ticks;
    }

    /** The same on Flink's generator from the translated strategy, its activity clock a manual clock. */
    private static List<String> flinkTicks(final WatermarkStrategy<String> strategy, final long[] records) {
        final ManualClock clock = new ManualClock();
        final WatermarkGenerator<Object> generator = FlinkSources.watermarks(strategy, environment())
                .createWatermarkGenerator(new WatermarkGeneratorSupplier.Context() {
                    @Override
                    public MetricGroup getMetricGroup() {
                        return new UnregisteredMetricsGroup();
                    }

                    @Override
                    public RelativeClock getInputActivityClock() {
                        return clock;
                    }
                });
        final TickLog output = new TickLog();
        drive(records, output, time -> clock.advanceTime(time * 1_000_000L - clock.relativeTimeNanos(), TimeUnit.NANOSECONDS),
                record -> generator.onEvent("r", record, output), () -> generator.onPeriodicEmit(output));
        return output.ticks;
    }

    /** What a generator emitted, as {@code TIME WM w}, {@code TIME IDLE}, {@code TIME ACTIVE}: Weir's output or Flink's. */
    private static final class TickLog implements dev.weir.time.WatermarkOutput, WatermarkOutput {
        private final List<String> ticks = new ArrayList<>();
        private long now;

        @Override
        public void emitWatermark(final long watermark) {
            ticks.add(now + " WM " + watermark);
        }

        @Override
        public void emitWatermark(final Watermark watermark) {
            emitWatermark(watermark.getTimestamp());
        }

        @Override
        public void markIdle() {
            ticks.add(now + " IDLE");
        }

        @Override
        public void markActive() {
            ticks.add(now + " ACTIVE");
        }
    }

    /** Every 5 ms up to 2 s: moves the clock, shows the record arriving then (if any), and every 100 ms emits periodically. */
    private static void drive(final long[] records, final TickLog log, final LongConsumer advanceTo, final LongConsumer onRecord,
            final Runnable onPeriodicEmit) {
        for (long time = 0; time <= 2000; time += 5) {
            log.now = time;
            advanceTo.accept(time);
            final long record = recordAt(records, time);
            if (record != NO_RECORD) {
                onRecord.accept(record);
            }
            if (time % 100 == 0) {
                onPeriodicEmit.run();
            }
        }
    }

    /** @return the record's event time (its arrival time) if one arrives at {@code time}, else {@link #NO_RECORD} */
    private static long recordAt(final long[] records, final long time) {
        for (final long record : records) {
            if (record == time) {
                return record;
            }
        }
        return NO_RECORD;
    }
}
