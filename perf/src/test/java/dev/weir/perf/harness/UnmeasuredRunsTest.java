package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.perf.harness.ProbeEvents.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * A run in which no measured result reaches the sink loses nothing else: the harness goes on, its result says it
 * measured no latency, rounds combine the runs that measured some, and the files mark it. On a virtual clock
 * ({@link SteppingClock}): a reporting run's every latency is its 100 ns stall plus the sink's 1 ns reading.
 */
final class UnmeasuredRunsTest {
    private static final BenchmarkPlan PLAN = new BenchmarkPlan(new long[] {1_000_000, BenchmarkPlan.FLAT_OUT}, 0, 3, 3);

    /** steady reports every run, silent none, sometimes all but its third run (round 2 at 1,000,000 events/s). */
    private static List<SystemResult> run(final List<String> heard) throws InterruptedException {
        final SteppingClock clock = new SteppingClock(5_000);
        final int[] sometimesRuns = new int[1];
        return new Harness<>(clock, new ProbeEvents())
                .system("steady", arrivals -> new StallingPipeline(clock, arrivals, index -> 100))
                .system("silent", arrivals -> new SilentPipeline())
                .system("sometimes", arrivals -> sometimesRuns[0]++ == 2 ? new SilentPipeline()
                        : new StallingPipeline(clock, arrivals, index -> 100))
                .onRun((round, warmUp, run) -> heard.add(round + " " + run.system() + " at " + BenchmarkPlan.label(run.rate()) + ": "
                        + (run.measured() ? run.histogram().getTotalCount() + " measured" : "none measured")))
                .run(PLAN);
    }

    @Test
    void aSystemThatNeverReportsGivesANotMeasuredResultAndTheOthersTheirs() throws InterruptedException {
        final List<String> heard = new ArrayList<>();
        final List<SystemResult> results = run(heard);
        assertEquals(List.of(
                "0 steady at 1000000: 3 measured", "0 silent at 1000000: none measured", "0 sometimes at 1000000: 3 measured",
                "0 steady at max: 3 measured", "0 silent at max: none measured", "0 sometimes at max: 3 measured",
                "1 steady at 1000000: 3 measured", "1 silent at 1000000: none measured", "1 sometimes at 1000000: none measured",
                "1 steady at max: 3 measured", "1 silent at max: none measured", "1 sometimes at max: 3 measured",
                "2 steady at 1000000: 3 measured", "2 silent at 1000000: none measured", "2 sometimes at 1000000: 3 measured",
                "2 steady at max: 3 measured", "2 silent at max: none measured", "2 sometimes at max: 3 measured"), heard);
        assertEquals(List.of("steady 1000000: 9 measured, 0 of 3 rounds not", "silent 1000000: 0 measured, 3 of 3 rounds not",
                "sometimes 1000000: 6 measured, 1 of 3 rounds not", "steady max: 9 measured, 0 of 3 rounds not",
                "silent max: 0 measured, 3 of 3 rounds not", "sometimes max: 9 measured, 0 of 3 rounds not"),
                results.stream().map(result -> result.system() + " " + BenchmarkPlan.label(result.rate()) + ": "
                        + result.histogram().getTotalCount() + " measured, " + result.unmeasuredRuns() + " of " + result.runs().size()
                        + " rounds not").toList());
        final SystemResult steady = results.get(0);
        final SystemResult silent = results.get(1);
        final SystemResult sometimes = results.get(2);
        assertTrue(steady.measured());
        assertFalse(silent.measured());
        assertTrue(sometimes.measured());
        // the rounds that measured latency are combined as they are: every latency is 101 ns
        assertEquals(101, sometimes.histogram().getMinValue());
        assertEquals(101, sometimes.histogram().getMaxValue());
        // throughput is measured whether or not latency was
        assertTrue(silent.eventsPerSecond() > 0, () -> Double.toString(silent.eventsPerSecond()));
        assertEquals(Double.NaN, Ratio.of(steady, silent).p99Latency());
        assertEquals(Double.NaN, Ratio.of(silent, steady).p99Latency());
        assertEquals(1.0, Ratio.of(sometimes, steady).p99Latency());
        assertEquals(silent.eventsPerSecond() / steady.eventsPerSecond(), Ratio.of(silent, steady).throughput());
    }

    @Test
    void theFilesLeaveOutTheHistogramOfWhatMeasuredNothingAndTheSummaryMarksIt(@TempDir final Path out) throws Exception {
        final List<SystemResult> results = run(new ArrayList<>());
        final List<Path> files = ResultFiles.write(out, results, List.of(Ratio.of(results.get(0), results.get(1))), PLAN);
        assertEquals(List.of("steady-1000000.hgrm", "sometimes-1000000.hgrm", "steady-max.hgrm", "sometimes-max.hgrm", "summary.json",
                "latency-1000000.png", "latency-1000000.svg", "latency-max.png", "latency-max.svg", "throughput.png", "throughput.svg"),
                files.stream().map(file -> file.getFileName().toString()).toList());
        try (Stream<Path> listed = Files.list(out)) {
            assertEquals(files.size(), listed.count());
        }
        final Map<String, Object> summary = new Yaml().load(Files.readString(out.resolve("summary.json")));
        final List<?> entries = (List<?>) summary.get("results");
        final List<String> marks = new ArrayList<>();
        for (final Object entry : entries) {
            final Map<?, ?> result = (Map<?, ?>) entry;
            final Map<?, ?> latency = (Map<?, ?>) result.get("latencyNanos");
            marks.add(result.get("system") + " " + result.get("rate") + ": measured " + result.get("measured") + ", unmeasuredRounds "
                    + result.get("unmeasuredRounds") + ", count " + latency.get("count") + ", p99 " + latency.get("p99") + ", max "
                    + latency.get("max") + ", mean " + latency.get("mean") + ", hgrm " + result.get("hgrm"));
        }
        assertEquals(List.of(
                "steady 1000000: measured true, unmeasuredRounds 0, count 9, p99 101, max 101, mean 101.0, hgrm steady-1000000.hgrm",
                "silent 1000000: measured false, unmeasuredRounds 3, count 0, p99 null, max null, mean null, hgrm null",
                "sometimes 1000000: measured true, unmeasuredRounds 1, count 6, p99 101, max 101, mean 101.0, hgrm sometimes-1000000.hgrm"),
                marks.subList(0, 3));
        assertEquals("silent max: measured false, unmeasuredRounds 3, count 0, p99 null, max null, mean null, hgrm null", marks.get(4));
        final Map<?, ?> ratio = (Map<?, ?>) ((List<?>) summary.get("ratios")).get(0);
        assertNull(ratio.get("p99Latency"));
    }

    @Test
    void aRateAtWhichNothingMeasuredStillGetsItsFiles(@TempDir final Path out) throws Exception {
        final BenchmarkPlan plan = new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT}, 0, 3, 2);
        final List<SystemResult> results = new Harness<>(new SteppingClock(0), new ProbeEvents())
                .system("silent", arrivals -> new SilentPipeline()).run(plan);
        assertEquals(1, results.size());
        assertFalse(results.get(0).measured());
        assertEquals(2, results.get(0).unmeasuredRuns());
        assertEquals(List.of("summary.json", "latency-max.png", "latency-max.svg", "throughput.png", "throughput.svg"),
                ResultFiles.write(out, results, plan).stream().map(file -> file.getFileName().toString()).toList());
        assertTrue(Files.size(out.resolve("latency-max.svg")) > 0);
    }
}
