package dev.weir.perf.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.perf.harness.ProbeEvents.Probe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rounds on a virtual clock ({@link SteppingClock}): warm-up rounds run first and are left out of the results, the
 * listener hears of every run in order, and each result keeps its measured rounds' own results beside the combined
 * one. Every run of the test's pipeline stalls each event by 100 ns more than the run before, so each run's latency
 * (stall + the sink's 1 ns reading) names the run.
 */
final class RoundsTest {
    @Test
    void warmUpRoundsRunFirstAndOnlyMeasuredRoundsAreCombined() throws InterruptedException {
        final SteppingClock clock = new SteppingClock(5_000);
        final long[] runs = new long[1];
        final PipelineFactory<Probe> stalling = arrivals -> {
            final long stall = 100 * runs[0]++;
            return new StallingPipeline(clock, arrivals, index -> stall);
        };
        final List<String> heard = new ArrayList<>();
        final List<SystemResult> results = new Harness<>(clock, new ProbeEvents()).system("a", stalling).system("b", stalling)
                .onRun((round, warmUp, run) -> heard.add(round + (warmUp ? " warm-up " : " ") + run.system() + " "
                        + run.histogram().getMinValue() + ".." + run.histogram().getMaxValue()))
                .run(new BenchmarkPlan(new long[] {1_000_000}, 0, 3, 2).withWarmUpRounds(1));
        assertEquals(List.of("0 warm-up a 1..1", "0 warm-up b 101..101", "1 a 201..201", "1 b 301..301", "2 a 401..401", "2 b 501..501"),
                heard);
        assertEquals(List.of("a", "b"), results.stream().map(SystemResult::system).toList());
        assertEquals(List.of(201L, 401L), results.get(0).runs().stream().map(run -> run.histogram().getMinValue()).toList());
        assertEquals(List.of(301L, 501L), results.get(1).runs().stream().map(run -> run.histogram().getMinValue()).toList());
        assertEquals(6, results.get(0).histogram().getTotalCount());
        assertEquals(201, results.get(0).histogram().getMinValue());
        assertEquals(401, results.get(0).histogram().getMaxValue());
        for (final SystemResult run : results.get(1).runs()) {
            assertEquals(3, run.histogram().getTotalCount());
            assertEquals(List.of(), run.runs());
        }
    }

    @Test
    void warmUpRoundsAreZeroUnlessGivenAndNeverNegative() {
        final BenchmarkPlan plan = new BenchmarkPlan(new long[] {1}, 0, 1, 1);
        assertEquals(0, plan.warmUpRounds());
        assertEquals(3, plan.withWarmUpRounds(3).warmUpRounds());
        assertEquals(1, plan.withWarmUpRounds(3).rounds());
        assertEquals("warm-up rounds must be >= 0: -1",
                assertThrows(IllegalArgumentException.class, () -> plan.withWarmUpRounds(-1)).getMessage());
    }
}
