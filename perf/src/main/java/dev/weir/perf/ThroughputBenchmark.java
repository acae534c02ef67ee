package dev.weir.perf;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.JvmDescription;
import dev.weir.perf.harness.PipelineFactory;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.time.WatermarkStrategy;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Flat-out throughput of a keyed 1 s tumbling count+sum over many keys, measured by the benchmark harness
 * ({@link Harness}): Weir's publisher -> keyBy -> window aggregate -> sink at keyed parallelism 1 (Chronicle and heap
 * state) and 2, beside the same aggregation as a single-thread loop over Agrona primitive maps (the baseline) and as
 * a hand-written two-thread version (a Disruptor hop, then the same loop), all in the same JVM, interleaved run by
 * run. Each system gets warm-up runs, then measured runs; a run ends when its last window result has arrived. The
 * median records/s is reported with the ratio to the baseline's median, and every run is checked to have computed
 * the same results as the baseline.
 *
 * <p>Options: {@code --records=20000000 --keys=10000 --records-per-window=1000000 --warmup-runs=2 --runs=5
 * --capacity=4096 --idle-p1=BUSY_SPIN --idle-p2=BUSY_SPIN --publish=batched --watermark-interval=200 --out=DIR}
 * ({@code --publish=single} publishes each record at once with {@code Publisher.publish}; {@code --watermark-interval}
 * is Weir's periodic watermark interval in milliseconds of processing time, default Flink's 200; {@code --out}: also
 * write the harness's result files there).
 */
public final class ThroughputBenchmark {
    private static final long WINDOW_MILLIS = 1_000;
    private static final double TARGET_RATIO = 0.25;

    private ThroughputBenchmark() {
    }

    /**
     * Runs the benchmark; exits with 2 and one line on stderr for bad options, with 1 if the systems disagreed.
     *
     * @param args {@code --name=value} options, see the class comment
     * @throws InterruptedException if interrupted while waiting for a pipeline
     */
    public static void main(final String[] args) throws InterruptedException {
        final int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * @param args {@code --name=value} options
     * @param out receives the report
     * @param err receives the one-line message of a usage or output error
     * @return 0, 1 if a system's results differed from the baseline's, 2 for bad options or unwritable result files
     * @throws InterruptedException if interrupted while waiting for a pipeline
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws InterruptedException {
        final BenchmarkPlan plan;
        final int keys;
        final long recordsPerWindow;
        final int capacity;
        final IdleStrategyKind idleP1;
        final IdleStrategyKind idleP2;
        final boolean batched;
        final long watermarkIntervalMillis;
        final ResultDirectory results;
        try {
            final BenchmarkOptions options = BenchmarkOptions.parse(args, "records", "keys", "records-per-window", "warmup-runs", "runs",
                    "capacity", "idle-p1", "idle-p2", "publish", "watermark-interval", "out");
            plan = new BenchmarkPlan(new long[] {BenchmarkPlan.FLAT_OUT}, 0, options.longAtLeast("records", 20_000_000, 1),
                    (int) options.longAtLeast("runs", 5, 1)).withWarmUpRounds((int) options.longAtLeast("warmup-runs", 2, 0));
            keys = (int) options.longAtLeast("keys", 10_000, 1);
            recordsPerWindow = options.longAtLeast("records-per-window", 1_000_000, WINDOW_MILLIS);
            if (recordsPerWindow % WINDOW_MILLIS != 0) {
                throw new IllegalArgumentException("--records-per-window must be a multiple of " + WINDOW_MILLIS + ", got " + recordsPerWindow);
            }
            capacity = options.powerOfTwo("capacity", 4096);
            idleP1 = options.enumValue("idle-p1", IdleStrategyKind.class, IdleStrategyKind.BUSY_SPIN);
            idleP2 = options.enumValue("idle-p2", IdleStrategyKind.class, IdleStrategyKind.BUSY_SPIN);
            final String publish = options.stringValue("publish", "batched");
            if (!publish.equals("batched") && !publish.equals("single")) {
                throw new IllegalArgumentException("--publish must be batched or single, got '" + publish + "'");
            }
            batched = publish.equals("batched");
            watermarkIntervalMillis = options.longAtLeast("watermark-interval", WatermarkStrategy.DEFAULT_INTERVAL_MILLIS, 1);
            results = ResultDirectory.of(options);
        } catch (final IllegalArgumentException e) {
            err.println("perf/run throughput: " + e.getMessage());
            return 2;
        }
        out.println("# Weir throughput benchmark");
        out.println("JVM: " + JvmDescription.describe());
        out.printf(Locale.ROOT, "load: %,d records per run, flat out, %,d keys round-robin, 1 s tumbling count+sum, %,d records per"
                + " event-time second, ring %,d slots, Weir publishing %s, periodic watermarks every %,d ms; %d warm-up and %d"
                + " measured runs per system, interleaved%n", plan.measuredEvents(), keys, recordsPerWindow, capacity,
                batched ? "batched (publishBatched)" : "one record at a time (publish)", watermarkIntervalMillis, plan.warmUpRounds(),
                plan.rounds());
        final StateBackend defaultState = StateBackends.defaultBackend();
        final String baseline = "single-thread loop, Agrona Long2ObjectHashMap";
        final String twoThreads = "2 threads: Disruptor hop + the same loop (busy-spin)";
        final String p1 = "Weir keyBy->window->sink, parallelism 1 (" + idleP1 + ")";
        final String p1Heap = "Weir parallelism 1 (" + idleP1 + "), heap state";
        final String p2 = "Weir keyBy->window->sink, parallelism 2 (" + idleP2 + ")";
        // each system's results of its latest run, to compare with the baseline's of the same round
        final Map<String, ResultTotals> latest = new LinkedHashMap<>();
        final Harness<Tick> harness = new Harness<>(SystemNanoClock.INSTANCE, new TickPool(1 << 16, keys, recordsPerWindow / WINDOW_MILLIS));
        final Map<String, Function<ResultTotals, PipelineFactory<Tick>>> systems = new LinkedHashMap<>();
        systems.put(baseline, totals -> arrivals -> new SingleThreadAggregation(keys, WINDOW_MILLIS, totals, arrivals));
        systems.put(twoThreads, totals -> arrivals -> DisruptorHop.aggregating(keys, WINDOW_MILLIS, capacity, totals, arrivals));
        systems.put(p1, totals -> arrivals -> new WeirWindowAggregation(WINDOW_MILLIS, 1, idleP1, capacity, batched, watermarkIntervalMillis,
                defaultState, totals, arrivals));
        systems.put(p1Heap, totals -> arrivals -> new WeirWindowAggregation(WINDOW_MILLIS, 1, idleP1, capacity, batched,
                watermarkIntervalMillis, HeapStateBackend.INSTANCE, totals, arrivals));
        systems.put(p2, totals -> arrivals -> new WeirWindowAggregation(WINDOW_MILLIS, 2, idleP2, capacity, batched, watermarkIntervalMillis,
                defaultState, totals, arrivals));
        for (final Map.Entry<String, Function<ResultTotals, PipelineFactory<Tick>>> system : systems.entrySet()) {
            harness.system(system.getKey(), arrivals -> {
                final ResultTotals totals = new ResultTotals();
                latest.put(system.getKey(), totals);
                return system.getValue().apply(totals).create(arrivals);
            });
        }
        final boolean[] same = {true};
        final List<SystemResult> measured = harness.onRun((round, warmUp, run) -> {
            final boolean agrees = latest.get(run.system()).matches(latest.get(baseline));
            same[0] &= agrees;
            out.printf(Locale.ROOT, "  %s%s: %s rec/s (%.2f s)%s%n", warmUp ? "warm-up " : "", run.system(), millions(run.eventsPerSecond()),
                    plan.measuredEvents() / run.eventsPerSecond(), agrees ? "" : "; results " + latest.get(run.system()) + " DIFFER from the"
                    + " baseline's " + latest.get(baseline));
        }).run(plan);
        out.println();
        final double baselineMedian = median(measured.get(0), SystemResult::eventsPerSecond);
        final TextTable table = new TextTable().row("system", "median rec/s", "min rec/s", "max rec/s", "ratio to baseline",
                "task B/rec", "pub B/rec", "GCs/run");
        for (final SystemResult system : measured) {
            final List<Double> rates = system.runs().stream().map(SystemResult::eventsPerSecond).toList();
            table.row(system.system(), millions(Statistics.median(rates)), millions(Statistics.min(rates)), millions(Statistics.max(rates)),
                    String.format(Locale.ROOT, "%.1f%%", 100 * Statistics.median(rates) / baselineMedian),
                    String.format(Locale.ROOT, "%.2f", median(system, SystemResult::pipelineBytesPerEvent)),
                    String.format(Locale.ROOT, "%.2f", median(system, SystemResult::generatorBytesPerEvent)),
                    system.runs().stream().map(SystemResult::gcCount).toList().toString());
        }
        out.print(table);
        out.println("(rec/s in millions, first record sent .. last window result arrived; B/rec = bytes allocated per record by the"
                + " pipeline's threads / the generating thread (which runs the single-thread loop itself), window setup included)");
        out.println();
        out.println("results: baseline " + latest.get(baseline) + "; 2 threads " + latest.get(twoThreads) + "; Weir p1 " + latest.get(p1)
                + "; Weir p2 " + latest.get(p2) + (same[0] ? " (identical in every run)" : " (DIFFERENT)"));
        final double p1Median = median(measured.get(2), SystemResult::eventsPerSecond);
        out.printf(Locale.ROOT, "Weir p1 at %.1f%% of the two-thread hand-written version (one hop per record, same machine)%n",
                100 * p1Median / median(measured.get(1), SystemResult::eventsPerSecond));
        out.printf(Locale.ROOT, "state: %s; Weir p1 at %.1f%% of itself with heap state%n", defaultState,
                100 * p1Median / median(measured.get(3), SystemResult::eventsPerSecond));
        for (final SystemResult system : List.of(measured.get(2), measured.get(4))) {
            final double ratio = median(system, SystemResult::eventsPerSecond) / baselineMedian;
            out.printf(Locale.ROOT, "target: %s at %.1f%% of the single-thread loop (>= 25%%): %s%n", system.system(), 100 * ratio,
                    ratio >= TARGET_RATIO ? "MET" : "MISSED");
        }
        out.println("GC: " + JvmDescription.gcSoFar() + " in the whole run");
        final int written = results.write(measured, plan, out, err, "perf/run throughput");
        return !same[0] ? 1 : written;
    }

    private static double median(final SystemResult system, final ToDoubleFunction<SystemResult> figure) {
        return Statistics.median(system.runs().stream().map(figure::applyAsDouble).toList());
    }

    private static String millions(final double perSecond) {
        return String.format(Locale.ROOT, "%.2f M", perSecond / 1e6);
    }
}
