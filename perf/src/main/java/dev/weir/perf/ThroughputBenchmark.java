package dev.weir.perf;

import dev.weir.runtime.IdleStrategyKind;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.state.StateBackends;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * Flat-out throughput of a keyed 1 s tumbling count+sum over many keys: Weir's publisher ->
 * keyBy -> window aggregate -> sink at keyed parallelism 1 and 2, beside the same
 * aggregation as a single-thread loop over Agrona primitive maps (the baseline) and as a
 * hand-written two-thread version (a Disruptor hop, then the same loop), all in the same
 * JVM, interleaved run by run. Each system gets warm-up runs, then measured runs; the
 * median records/s is reported with the ratio to the baseline's median.
 *
 * <p>Options: {@code --records=20000000 --keys=10000 --records-per-window=1000000
 * --warmup-runs=2 --runs=5 --capacity=4096 --idle-p1=BUSY_SPIN --idle-p2=BUSY_SPIN --publish=batched
 * --watermark-interval=200} ({@code --publish=single} publishes each record at once with
 * {@code Publisher.publish}; {@code --watermark-interval} is Weir's periodic watermark
 * interval in milliseconds of processing time, default Flink's 200).
 */
public final class ThroughputBenchmark {
    private static final long WINDOW_MILLIS = 1_000;
    private static final double TARGET_RATIO = 0.25;

    private final NanoClock clock = SystemNanoClock.INSTANCE;
    private final long records;
    private final int keys;
    private final long recordsPerWindow;
    private final int capacity;
    private final IdleStrategyKind idleP1;
    private final IdleStrategyKind idleP2;
    private final boolean batched;
    private final long watermarkIntervalMillis;

    private ThroughputBenchmark(final BenchmarkOptions options) {
        this.records = options.longValue("records", 20_000_000);
        this.keys = (int) options.longValue("keys", 10_000);
        this.recordsPerWindow = options.longValue("records-per-window", 1_000_000);
        this.capacity = (int) options.longValue("capacity", 4096);
        this.idleP1 = IdleStrategyKind.valueOf(options.stringValue("idle-p1", IdleStrategyKind.BUSY_SPIN.name()));
        this.idleP2 = IdleStrategyKind.valueOf(options.stringValue("idle-p2", IdleStrategyKind.BUSY_SPIN.name()));
        final String publish = options.stringValue("publish", "batched");
        if (!publish.equals("batched") && !publish.equals("single")) {
            throw new IllegalArgumentException("--publish must be batched or single: " + publish);
        }
        this.batched = publish.equals("batched");
        this.watermarkIntervalMillis = options.longValue("watermark-interval", WatermarkStrategy.DEFAULT_INTERVAL_MILLIS);
        if (watermarkIntervalMillis < 1) {
            throw new IllegalArgumentException("--watermark-interval must be at least 1 (ms): " + watermarkIntervalMillis);
        }
        if (recordsPerWindow % WINDOW_MILLIS != 0) {
            throw new IllegalArgumentException("--records-per-window must be a multiple of " + WINDOW_MILLIS);
        }
    }

    /** The measured runs of one system. */
    private static final class Series {
        final String name;
        final List<Double> recordsPerSecond = new ArrayList<>();
        final List<Double> taskBytesPerRecord = new ArrayList<>();
        final List<Double> publisherBytesPerRecord = new ArrayList<>();
        final List<Long> gcs = new ArrayList<>();
        ResultTotals totals;

        Series(final String name) {
            this.name = name;
        }

        double median() {
            return Statistics.median(recordsPerSecond);
        }
    }

    /**
     * @param args {@code --name=value} options, see the class comment
     * @throws InterruptedException if interrupted while waiting for a pipeline
     */
    public static void main(final String[] args) throws InterruptedException {
        final BenchmarkOptions options = BenchmarkOptions.parse(args, "records", "keys", "records-per-window", "warmup-runs", "runs",
                "capacity", "idle-p1", "idle-p2", "publish", "watermark-interval");
        final ThroughputBenchmark benchmark = new ThroughputBenchmark(options);
        final long warmUpRuns = options.longValue("warmup-runs", 2);
        final long runs = options.longValue("runs", 5);
        System.out.println("# Weir throughput benchmark");
        System.out.println("JVM: " + JvmDescription.describe());
        System.out.printf("load: %,d records per run, flat out, %,d keys round-robin, 1 s tumbling count+sum, %,d records per"
                + " event-time second, ring %,d slots, Weir publishing %s, periodic watermarks every %,d ms; %d warm-up and %d"
                + " measured runs per system, interleaved%n", benchmark.records, benchmark.keys, benchmark.recordsPerWindow,
                benchmark.capacity, benchmark.batched ? "batched (publishBatched)" : "one record at a time (publish)",
                benchmark.watermarkIntervalMillis, warmUpRuns, runs);
        final Series baseline = new Series("single-thread loop, Agrona Long2ObjectHashMap");
        final Series twoThreads = new Series("2 threads: Disruptor hop + the same loop (busy-spin)");
        final Series p1 = new Series("Weir keyBy->window->sink, parallelism 1 (" + benchmark.idleP1 + ")");
        final Series p2 = new Series("Weir keyBy->window->sink, parallelism 2 (" + benchmark.idleP2 + ")");
        final StateBackend defaultState = StateBackends.defaultBackend();
        final Series p1Heap = new Series("Weir parallelism 1 (" + benchmark.idleP1 + "), heap state");
        for (long run = 0; run < warmUpRuns + runs; run++) {
            final boolean measured = run >= warmUpRuns;
            benchmark.runBaseline(measured ? baseline : null);
            benchmark.runTwoThreads(measured ? twoThreads : null);
            benchmark.runWeir(1, benchmark.idleP1, defaultState, measured ? p1 : null);
            benchmark.runWeir(1, benchmark.idleP1, HeapStateBackend.INSTANCE, measured ? p1Heap : null);
            benchmark.runWeir(2, benchmark.idleP2, defaultState, measured ? p2 : null);
        }
        System.out.println();
        final TextTable table = new TextTable().row("system", "median rec/s", "min rec/s", "max rec/s", "ratio to baseline",
                "task B/rec", "pub B/rec", "GCs/run");
        for (final Series series : new Series[] {baseline, twoThreads, p1, p1Heap, p2}) {
            table.row(series.name, millions(series.median()), millions(Statistics.min(series.recordsPerSecond)),
                    millions(Statistics.max(series.recordsPerSecond)), String.format("%.1f%%", 100 * series.median() / baseline.median()),
                    String.format("%.2f", Statistics.median(series.taskBytesPerRecord)),
                    String.format("%.2f", Statistics.median(series.publisherBytesPerRecord)), series.gcs.toString());
        }
        System.out.print(table);
        System.out.println("(rec/s in millions; B/rec = bytes allocated per record by the task threads / the publishing thread,"
                + " window setup included)");
        System.out.println();
        final boolean same = p1.totals.matches(baseline.totals) && p2.totals.matches(baseline.totals)
                && p1Heap.totals.matches(baseline.totals)
                && twoThreads.totals.matches(baseline.totals);
        System.out.println("results: baseline " + baseline.totals + "; 2 threads " + twoThreads.totals + "; Weir p1 " + p1.totals
                + "; Weir p2 " + p2.totals + (same ? " (identical)" : " (DIFFERENT)"));
        System.out.printf("Weir p1 at %.1f%% of the two-thread hand-written version (one hop per record, same machine)%n",
                100 * p1.median() / twoThreads.median());
        System.out.printf("state: %s; Weir p1 at %.1f%% of itself with heap state%n", defaultState, 100 * p1.median() / p1Heap.median());
        for (final Series series : new Series[] {p1, p2}) {
            final double ratio = series.median() / baseline.median();
            System.out.printf("target: %s at %.1f%% of the single-thread loop (>= 25%%): %s%n", series.name, 100 * ratio,
                    ratio >= TARGET_RATIO ? "MET" : "MISSED");
        }
        System.out.println("GC: " + JvmDescription.gcSoFar() + " in the whole run");
        if (!same) {
            System.exit(1);
        }
    }

    private void runBaseline(final Series series) {
        final ResultTotals totals = new ResultTotals();
        final SingleThreadAggregation loop = new SingleThreadAggregation(new TickPool(1 << 16, keys), recordsPerWindow, WINDOW_MILLIS);
        final long gcBefore = JvmDescription.gcCount();
        final long allocatedBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long start = clock.nanoTime();
        loop.run(records, totals);
        final long elapsed = clock.nanoTime() - start;
        final long allocated = ThreadAllocation.currentThreadAllocatedBytes() - allocatedBefore;
        record(series, "baseline", totals, elapsed, allocated, 0, JvmDescription.gcCount() - gcBefore);
    }

    private void runTwoThreads(final Series series) throws InterruptedException {
        final ResultTotals totals = new ResultTotals();
        final TwoThreadAggregation twoThreads = new TwoThreadAggregation(new TickPool(1 << 16, keys), recordsPerWindow, WINDOW_MILLIS, capacity);
        final long gcBefore = JvmDescription.gcCount();
        final long publisherBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long start = clock.nanoTime();
        twoThreads.run(records, totals);
        final long elapsed = clock.nanoTime() - start;
        final long publisherBytes = ThreadAllocation.currentThreadAllocatedBytes() - publisherBefore;
        record(series, "2 threads", totals, elapsed, 0, publisherBytes, JvmDescription.gcCount() - gcBefore);
    }

    private void runWeir(final int parallelism, final IdleStrategyKind idle, final StateBackend state, final Series series)
            throws InterruptedException {
        final ResultTotals totals = new ResultTotals();
        final WeirWindowAggregation pipeline = new WeirWindowAggregation(new TickPool(1 << 16, keys), recordsPerWindow, WINDOW_MILLIS,
                parallelism, idle, capacity, batched, watermarkIntervalMillis, totals, state);
        pipeline.start();
        final long gcBefore = JvmDescription.gcCount();
        final long taskBefore = ThreadAllocation.allocatedBytes(pipeline.taskThreads());
        final long publisherBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long start = clock.nanoTime();
        pipeline.run(records);
        final long elapsed = clock.nanoTime() - start;
        final long publisherBytes = ThreadAllocation.currentThreadAllocatedBytes() - publisherBefore;
        final long taskBytes = pipeline.taskBytesAtFinish() - taskBefore;
        record(series, "Weir p" + parallelism, totals, elapsed, taskBytes, publisherBytes, JvmDescription.gcCount() - gcBefore);
    }

    /** Prints one run and, unless it was a warm-up ({@code series == null}), adds it to its series. */
    private void record(final Series series, final String label, final ResultTotals totals, final long elapsedNanos, final long taskBytes,
            final long publisherBytes, final long gcs) {
        final double rate = records * 1e9 / elapsedNanos;
        System.out.printf("  %s%s: %s rec/s (%.2f s)%n", series == null ? "warm-up " : "", label, millions(rate), elapsedNanos / 1e9);
        if (series != null) {
            series.recordsPerSecond.add(rate);
            series.taskBytesPerRecord.add((double) taskBytes / records);
            series.publisherBytesPerRecord.add((double) publisherBytes / records);
            series.gcs.add(gcs);
            series.totals = totals;
        }
    }

    private static String millions(final double perSecond) {
        return String.format("%.2f M", perSecond / 1e6);
    }
}
