package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.testing.Lines;
import dev.weir.testing.Scheduler;
import dev.weir.time.WatermarkAlignmentGroups;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/semantics.md §5, watermark alignment, with source tasks driven by hand on a virtual clock
 * (every 100 ms each task does one round of work; periodic emission every 200 ms; reports every
 * 1000 ms, the default): as in Flink, an instance whose watermark exceeds the maximum allowed by
 * the last update (the group's minimum + maxDrift) stops reading at once, until a later update
 * lets it go on; paused time does not count toward idleness; an idle instance reports MAX; an
 * ended one leaves; a reader that can pause splits pauses only the splits ahead. And a whole
 * pipeline of two aligned instances on the deterministic scheduler.
 */
class WatermarkAlignmentTest {
    private final VirtualClock clock = new VirtualClock(0);
    private final WatermarkAlignmentGroups groups = new WatermarkAlignmentGroups();
    private final List<String> transitions = new ArrayList<>();
    private long nextStepMillis;

    /** One aligned source instance under test, with its recorded output. */
    private final class Instance {
        final String name;
        final RecordingChainEnd out = new RecordingChainEnd(clock, false);
        final SourceEmitter<String> emitter;
        final SourceAlignment alignment;
        final SourceTask<String> task;
        private boolean paused;

        Instance(final String name, final SourceReader<String> reader, final long maxDriftMillis, final long idlenessMillis) {
            this.name = name;
            WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps().withWatermarkAlignment("g",
                    maxDriftMillis);
            if (idlenessMillis > 0) {
                strategy = strategy.withIdleness(idlenessMillis);
            }
            this.emitter = SourceTasks.emitter(out, strategy, clock);
            this.alignment = new SourceAlignment(strategy.alignment(), groups.group("g"), clock);
            this.task = SourceTasks.task(reader, emitter, alignment);
        }

        void doWork() throws Exception {
            if (emitter.isEnded()) {
                return;
            }
            task.doWork();
            if (alignment.isPaused() != paused) {
                paused = alignment.isPaused();
                transitions.add(clock.millis() + " " + name + (paused ? " paused" : " resumed"));
            }
        }
    }

    private void run(final long endMillis, final Instance... instances) throws Exception {
        for (long t = nextStepMillis; t <= endMillis; t += 100) {
            clock.advanceTo(t);
            for (final Instance instance : instances) {
                instance.doWork();
            }
            nextStepMillis = t + 100;
        }
    }

    private static void watermarks(final List<String> expected, final long from, final long to, final long slope, final long offset) {
        for (long t = from; t <= to; t += 200) {
            expected.add(t + " WM " + (slope * t + offset));
        }
    }

    @Test
    void theFastSourcePausesWhenAheadByMoreThanMaxDriftAndResumesWhenTheGroupCatchesUp() throws Exception {
        // fast: 300 ms of event time per record, its watermark at t is 3t + 299 while it reads; slow: t + 99
        final Instance fast = new Instance("fast", new SteadyReader("f", 300, Long.MAX_VALUE), 2000, 300);
        final Instance slow = new Instance("slow", new SteadyReader("s", 100, Long.MAX_VALUE), 2000, 300);

        run(7000, fast, slow);

        assertEquals(List.of(
                // 1000: fast reports 3299 first (the minimum is its own: 5299 allowed), slow reports 1099
                "1800 fast paused", // 5699 > 5299
                // 2000..4000: slow's last reports 1099, 2099, 3099 allow 3099, 4099, 5099 < 5699
                "5000 fast resumed", // slow's 4099 + 2000 >= 5699
                "5200 fast paused", // reads records 20 and 21 (6300): 6299 > 6099
                "6000 fast resumed", // slow's 5099 + 2000 >= 6299
                "6400 fast paused", // 7499 > 7099
                "7000 fast resumed"), transitions); // slow's 6099 + 2000 >= 7499

        final List<String> fastWatermarks = new ArrayList<>();
        watermarks(fastWatermarks, 200, 1800, 3, 299);
        fastWatermarks.add("5200 WM 6299");
        fastWatermarks.add("6200 WM 6899");
        fastWatermarks.add("6400 WM 7499");
        // no STATUS IDLE although fast read nothing for 3.2 s with 300 ms idleness: paused time is not idle
        assertEquals(fastWatermarks, fast.out.events());
        // activity time = processing time minus the paused stretches [1800,5000), [5200,6000), [6400,7000)
        assertEquals(7000 - 3200 - 800 - 600, fast.emitter.activityClock().millis());

        final List<String> slowWatermarks = new ArrayList<>();
        watermarks(slowWatermarks, 200, 7000, 1, 99);
        assertEquals(slowWatermarks, slow.out.events()); // the slowest source never pauses
    }

    @Test
    void anIdleInstanceReportsMaxAndNoLongerHoldsTheGroupBack() throws Exception {
        final Instance fast = new Instance("fast", new SteadyReader("f", 300, Long.MAX_VALUE), 5000, 0);
        final Instance stopping = new Instance("stopping", new SteadyReader("s", 100, 11), 5000, 300);

        run(4000, fast, stopping);

        // stopping's last record came at 1000 (watermark 1099, reported at 1000); at 2000 fast's
        // 6299 > 1099 + 5000 and it pauses; stopping went idle at 1600 and reports MAX at 2000, so
        // at 3000 the minimum is fast's own 6299
        assertEquals(List.of("2000 fast paused", "3000 fast resumed"), transitions);
        final List<String> expected = new ArrayList<>();
        watermarks(expected, 200, 1000, 1, 99);
        expected.add("1600 STATUS IDLE");
        assertEquals(expected, stopping.out.events());
    }

    @Test
    void aMemberThatEndedLeavesTheGroup() throws Exception {
        final Instance fast = new Instance("fast", new SteadyReader("f", 300, Long.MAX_VALUE), 5000, 0);
        final SourceReader<String> ending = new SourceReader<>() {
            private long k;

            @Override
            public ReadStatus read(final SourceOutput<String> output) {
                k++;
                output.emit("e" + k, 100 * k);
                return k == 25 ? ReadStatus.END : ReadStatus.MORE;
            }
        };
        final Instance ended = new Instance("ended", ending, 5000, 0);

        run(4000, fast, ended);

        // ended reports 1099 at 1000 and 2099 at 2000, then ends at 2400 and leaves; fast, paused at
        // 2000 (6299 > 1099 + 5000), learns at 3000 that only its own report is left
        assertEquals(List.of("2000 fast paused", "3000 fast resumed"), transitions);
        assertEquals(1, groups.group("g").members());
        assertEquals(List.of("2400 WM MAX", "2400 END"), ended.out.events().subList(ended.out.events().size() - 2,
                ended.out.events().size()));
    }

    @Test
    void aReaderThatCanPauseSplitsPausesOnlyTheSplitAhead() throws Exception {
        final List<String> splitLog = new ArrayList<>();
        final SourceReader<String> reader = new SourceReader<>() {
            private final boolean[] paused = new boolean[2];
            private final long[] records = new long[2];

            @Override
            public ReadStatus read(final SourceOutput<String> output) {
                final SplitOutput<String> ahead = output.split(0);
                final SplitOutput<String> behind = output.split(1);
                if (!paused[0]) {
                    ahead.emit("a", 300 * ++records[0]);
                }
                if (!paused[1]) {
                    behind.emit("b", 100 * ++records[1]);
                }
                return ReadStatus.MORE;
            }

            @Override
            public boolean canPauseSplits() {
                return true;
            }

            @Override
            public void pauseSplit(final int splitIndex) {
                paused[splitIndex] = true;
                splitLog.add(clock.millis() + " pause " + splitIndex);
            }

            @Override
            public void resumeSplit(final int splitIndex) {
                paused[splitIndex] = false;
                splitLog.add(clock.millis() + " resume " + splitIndex);
            }
        };
        final Instance source = new Instance("source", reader, 2000, 300);

        run(1500, source);
        assertEquals(true, source.emitter.splitWatermarks().isSplitPaused(0)); // its idleness clock stands still
        run(6000, source);

        // split 0's watermark is 3t + 299 while it reads, split 1's t + 99 (the minimum, so the
        // source's); after the update at T, T + 2099 is allowed: split 0 pauses whenever it
        // exceeds that and resumes at the next update
        assertEquals(List.of("1000 pause 0", "2000 resume 0", "2400 pause 0", "3000 resume 0", "3400 pause 0", "4000 resume 0",
                "4200 pause 0", "5000 resume 0", "5400 pause 0", "6000 resume 0"), splitLog);
        assertEquals(List.of(), transitions); // the instance itself never paused
        assertFalse(source.emitter.splitWatermarks().isSplitPaused(0));
        final List<String> expected = new ArrayList<>();
        watermarks(expected, 200, 6000, 1, 99);
        assertEquals(expected, source.out.events());
    }

    /** Reads {@code name + k} at timestamp {@code speed * k}, one record per read, then ends. */
    private static SourceReader<String> steadyThenEnd(final String name, final long speed, final long count) {
        return new SourceReader<>() {
            private long k;

            @Override
            public ReadStatus read(final SourceOutput<String> output) {
                k++;
                output.emit(name + " " + speed * k, speed * k);
                return k == count ? ReadStatus.END : ReadStatus.MORE;
            }
        };
    }

    /**
     * @param maxDriftMillis the alignment's max drift, 0 for none
     * @return each record with the processing time it was read at, from a deterministic run of a
     *     source of two instances read at 5 records a second: instance 0 300 ms of event time a
     *     record (20 records), instance 1 100 ms (60 records)
     */
    private static List<String> twoInstances(final long maxDriftMillis) {
        final VirtualClock time = new VirtualClock(0);
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps();
        if (maxDriftMillis > 0) {
            strategy = strategy.withWatermarkAlignment("g", maxDriftMillis);
        }
        final Source<String> readers = (instance, parallelism) -> instance == 0 ? steadyThenEnd("fast", 300, 20) : steadyThenEnd("slow", 100, 60);
        final Lines lines = new Lines();
        final StreamPipeline pipeline = StreamPipeline.named("aligned");
        pipeline.from("feeds", PacedSource.of(readers, 5, Scheduler.nanos(time)), strategy, 2)
                .map(record -> record + " at " + time.millis())
                .sink(lines);
        try (DeterministicPipeline running = pipeline.startDeterministic(time)) {
            running.runToEnd();
        }
        return lines.lines();
    }

    /** @return {@code "<name> <speed k> at <200 (k - 1)>"} for k in [from, to]: a record a tick of 200 ms */
    private static List<String> atTheirRate(final String name, final long speed, final int from, final int to) {
        final List<String> lines = new ArrayList<>();
        for (int k = from; k <= to; k++) {
            lines.add(name + " " + speed * k + " at " + 200 * (k - 1));
        }
        return lines;
    }

    /** @return the lines of both instances when each ticks at its rate, per tick the fast one's first */
    private static List<String> inTurn(final int from, final int to) {
        final List<String> lines = new ArrayList<>();
        for (int k = from; k <= to; k++) {
            lines.addAll(atTheirRate("fast", 300, k, k));
            lines.addAll(atTheirRate("slow", 100, k, k));
        }
        return lines;
    }

    @Test
    void onTheDeterministicSchedulerTheFastInstanceWaitsForTheSlowOne() {
        final List<String> unaligned = inTurn(1, 20);
        unaligned.addAll(atTheirRate("slow", 100, 21, 60));
        assertEquals(unaligned, twoInstances(0));

        // aligned (max drift 1000): after its record at 1800 the fast instance's watermark (2999) is
        // beyond what the last update allows, so it pauses; the update at 5000 lets it go on, and it
        // catches up on the records its rate allows by then before its next periodic watermark
        final List<String> aligned = inTurn(1, 10);
        aligned.addAll(atTheirRate("slow", 100, 11, 25));
        for (int k = 11; k <= 20; k++) {
            aligned.add("fast " + 300 * k + " at 5000");
        }
        aligned.addAll(atTheirRate("slow", 100, 26, 60));
        assertEquals(aligned, twoInstances(1000));
    }
}
