package dev.weir.runtime.threaded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A producer and its consumer on one thread cannot wait for each other (docs/runtime.md,
 * "Back-pressure"): a source and two keyed stages share the one busy-spinning thread that two
 * processors leave room for, every ring has 4 slots, and the end of input makes the window stage
 * fire 10,000 results at once into its 4-slot ring. Every result arrives and the pipeline ends, on
 * the threaded scheduler and on the deterministic one.
 */
final class SharedThreadBackPressureTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int KEYS = 10_000;

    /** A reading of one sensor. */
    record Reading(int sensor, long value, long timestamp) {
    }

    @Test
    void aWindowFiringTenThousandResultsIntoAFourSlotRingOnASharedThreadDeliversThemAll() throws InterruptedException {
        final List<Reading> results = Collections.synchronizedList(new ArrayList<>());
        final StreamPipeline pipeline = pipeline(results)
                .idleStrategy(IdleStrategyKind.BUSY_SPIN)
                .availableProcessors(2);
        try (RunningPipeline running = pipeline.start()) {
            assertEquals(1, running.threads().size(), "the source and both keyed stages share one thread");
            assertTrue(running.awaitTermination(TIMEOUT), "the pipeline did not end: producer and consumer wait for each other");
            final List<TaskMetrics> window = running.metrics().stage("keyed-1");
            assertTrue(window.get(0).inputs().get(0).producerWaits() > 0, "the source found the 4-slot ring full");
        }
        assertEveryMaximum(results);
    }

    /** The deterministic scheduler runs every task on one thread by construction: the same pipeline ends with the same results. */
    @Test
    void theDeterministicSchedulerDeliversTheTenThousandResultsThroughFourSlotRingsInOneOrder() {
        final List<List<Reading>> runs = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            final List<Reading> results = new ArrayList<>();
            try (DeterministicPipeline running = pipeline(results).startDeterministic(new VirtualClock(0))) {
                running.runToEnd();
                final List<TaskMetrics> window = running.metrics().stage("keyed-1");
                assertTrue(window.get(0).inputs().get(0).producerWaits() > 0, "the source found the 4-slot ring full");
                assertTrue(running.metrics().stage("keyed-2").get(0).inputs().get(0).producerWaits() > 0,
                        "the window stage found the 4-slot ring full");
            }
            assertEveryMaximum(results);
            runs.add(results);
        }
        assertEquals(runs.get(0), runs.get(1), "the same results in the same order");
    }

    private static StreamPipeline pipeline(final List<Reading> results) {
        final List<Reading> readings = new ArrayList<>();
        for (int sensor = 0; sensor < KEYS; sensor++) {
            // two readings per sensor, all in the window [0, 1000): the MAX at the end fires every window at once
            readings.add(new Reading(sensor, 3L * sensor, sensor % 1000));
            readings.add(new Reading(sensor, 3L * sensor + 1 + sensor % 5, 999 - sensor % 1000));
        }
        final StreamPipeline pipeline = StreamPipeline.named("shared-back-pressure").channelCapacity(4);
        pipeline.from("readings", CollectionSource.of(readings),
                        WatermarkStrategy.<Reading>forMonotonousTimestamps().withTimestampAssigner((reading, ts) -> reading.timestamp()), 1)
                .keyBy(Reading::sensor)
                .window(TumblingEventTimeWindows.of(1000))
                .reduce((a, b) -> a.value() >= b.value() ? a : b)
                .keyBy(reading -> reading.sensor() % 7)
                .<Reading>process((reading, ctx, out) -> out.collect(reading))
                .sink((reading, ts) -> results.add(reading));
        return pipeline;
    }

    private static void assertEveryMaximum(final List<Reading> results) {
        assertEquals(KEYS, results.size());
        final Map<Integer, Long> maxima = new TreeMap<>();
        long sum = 0;
        for (final Reading result : results) {
            maxima.put(result.sensor(), result.value());
            sum += result.value();
        }
        assertEquals(KEYS, maxima.size(), "one result per sensor");
        long expectedSum = 0;
        for (int sensor = 0; sensor < KEYS; sensor++) {
            final long max = 3L * sensor + 1 + sensor % 5;
            assertEquals(max, maxima.get(sensor), "sensor " + sensor);
            expectedSum += max;
        }
        assertEquals(expectedSum, sum);
    }
}
