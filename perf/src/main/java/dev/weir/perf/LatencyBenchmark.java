package dev.weir.perf;

import dev.weir.clock.SystemNanoClock;
import dev.weir.perf.harness.BenchmarkPlan;
import dev.weir.perf.harness.Harness;
import dev.weir.perf.harness.JvmDescription;
import dev.weir.perf.harness.SystemResult;
import dev.weir.runtime.IdleStrategyKind;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Per-record latency at a fixed rate, coordinated-omission-correct, measured by the benchmark harness
 * ({@link Harness}): the generating thread sends record {@code i} at its intended time on a fixed schedule (or as
 * soon as it can, if late) and the consumer records {@code now - intended}. Runs the bare two-thread Disruptor hop
 * (the baseline) and then Weir's publisher -> keyBy -> pass-through keyed process -> sink, each with its own warm-up,
 * in the same JVM, alternating for several rounds so both sample the same stretch of machine noise, and prints each
 * round and all rounds combined with the ratio Weir / bare. Two threads busy-spin in each run (generator and
 * consumer): run it on two free cores.
 *
 * <p>Options: {@code --rate=1000000 --warmup-seconds=3 --seconds=10 --keys=1000 --capacity=1024 --rounds=5
 * --idle=BUSY_SPIN --bare-parks=false --out=DIR} ({@code --bare-parks=true}: the baseline's producer waits for a full
 * ring in Disruptor's parking {@code next()}; {@code --out}: also write the harness's result files there).
 */
public final class LatencyBenchmark {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final long P50_TARGET_NANOS = 2_000;
    private static final double P99_TARGET_RATIO = 2.0;
    private static final String WEIR = "Weir publisher->keyBy->process->sink";

    private LatencyBenchmark() {
    }

    /**
     * Runs the benchmark; exits with 2 and one line on stderr for bad options, with 1 if a system lost records.
     *
     * @param args {@code --name=value} options, see the class comment
     * @throws InterruptedException if interrupted while waiting for a consumer
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
     * @return 0, 1 if a system did not measure every measured record (the result files are written all the same), 2 for bad
     *     options or unwritable result files
     * @throws InterruptedException if interrupted while waiting for a consumer
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws InterruptedException {
        final long rate;
        final BenchmarkPlan plan;
        final int keys;
        final int capacity;
        final IdleStrategyKind idle;
        final boolean parkingBareProducer;
        final ResultDirectory results;
        try {
            final BenchmarkOptions options = BenchmarkOptions.parse(args, "rate", "warmup-seconds", "seconds", "keys", "capacity", "rounds",
                    "idle", "bare-parks", "out");
            rate = options.longAtLeast("rate", 1_000_000, 1);
            plan = new BenchmarkPlan(new long[] {rate}, rate * options.longAtLeast("warmup-seconds", 3, 0),
                    rate * options.longAtLeast("seconds", 10, 1), (int) options.longAtLeast("rounds", 5, 1));
            keys = (int) options.longAtLeast("keys", 1_000, 1);
            capacity = options.powerOfTwo("capacity", 1024);
            idle = options.enumValue("idle", IdleStrategyKind.class, IdleStrategyKind.BUSY_SPIN);
            parkingBareProducer = options.booleanValue("bare-parks", false);
            results = ResultDirectory.of(options);
        } catch (final IllegalArgumentException e) {
            err.println("perf/run latency: " + e.getMessage());
            return 2;
        }
        out.println("# Weir latency benchmark");
        out.println("JVM: " + JvmDescription.describe());
        out.printf(Locale.ROOT, "load: %,d records/s fixed rate, warm-up %,d records, measured %,d records, %,d keys, ring %,d slots,"
                + " Weir task idle strategy %s%n", rate, plan.warmUpEvents(), plan.measuredEvents(), keys, capacity, idle);
        out.println("latency = sink System.nanoTime() - intended send time (fixed schedule, coordinated-omission-correct), µs");
        final String bareName = parkingBareProducer ? "bare Disruptor hop (busy-spin poller, parking producer)"
                : "bare Disruptor hop (busy-spin poller)";
        final List<SystemResult> measured = new Harness<>(SystemNanoClock.INSTANCE, new TickPool(1 << 16, keys, Math.max(1, rate / 1_000)))
                .system(bareName, arrivals -> DisruptorHop.bare(capacity, parkingBareProducer, arrivals))
                .system(WEIR, arrivals -> new WeirKeyedHop(capacity, idle, arrivals))
                .onRun((round, warmUp, run) -> out.printf(Locale.ROOT, run.measured() ? "  ran %s: p50 %.2f µs, p99 %.2f µs%n"
                        : "  ran %s: no latency measured%n", run.system(), run.histogram().getValueAtPercentile(50) / 1e3,
                        run.histogram().getValueAtPercentile(99) / 1e3))
                .run(plan);
        for (final SystemResult system : measured) {
            for (final SystemResult run : system.runs()) {
                if (run.histogram().getTotalCount() != plan.measuredEvents()) {
                    err.printf(Locale.ROOT, "perf/run latency: %s measured %,d of %,d records in a round%n", system.system(),
                            run.histogram().getTotalCount(), plan.measuredEvents());
                    // what was measured stays on record
                    results.write(measured, plan, out, err, "perf/run latency");
                    return 1;
                }
            }
        }
        final List<SystemResult[]> rows = new ArrayList<>();
        for (int round = 0; round < plan.rounds(); round++) {
            rows.add(new SystemResult[] {measured.get(0).runs().get(round), measured.get(1).runs().get(round)});
        }
        if (plan.rounds() > 1) {
            rows.add(new SystemResult[] {measured.get(0), measured.get(1)});
        }
        out.println();
        out.print(table(rows));
        out.println("(µs; pub/cons B/rec = bytes allocated per measured record by the generating / consumer threads;"
                + " GCs during the measured part)");
        out.println();
        for (int row = 0; row < rows.size(); row++) {
            out.println(verdict(rows.size() > 1 && row == rows.size() - 1 ? "all rounds" : "round " + (row + 1), rows.get(row)[0],
                    rows.get(row)[1]));
        }
        out.println("GC: " + JvmDescription.gcSoFar() + " in the whole run");
        return results.write(measured, plan, out, err, "perf/run latency");
    }

    private static String table(final List<SystemResult[]> rows) {
        final TextTable table = new TextTable();
        final List<String> header = new ArrayList<>();
        header.add("system");
        for (final double percentile : PERCENTILES) {
            header.add("p" + formatPercentile(percentile));
        }
        header.add("max");
        header.add("mean");
        header.add("pub B/rec");
        header.add("cons B/rec");
        header.add("GCs");
        table.row(header.toArray(new String[0]));
        for (int round = 0; round < rows.size(); round++) {
            final String suffix = rows.size() == 1 ? "" : round == rows.size() - 1 ? " (all rounds)" : " #" + (round + 1);
            final SystemResult bare = rows.get(round)[0];
            final SystemResult weir = rows.get(round)[1];
            for (final SystemResult result : new SystemResult[] {bare, weir}) {
                final List<String> row = new ArrayList<>();
                row.add(result.system() + suffix);
                for (final double percentile : PERCENTILES) {
                    row.add(micros(result.histogram().getValueAtPercentile(percentile)));
                }
                row.add(micros(result.histogram().getMaxValue()));
                row.add(String.format(Locale.ROOT, "%.2f", result.histogram().getMean() / 1e3));
                row.add(String.format(Locale.ROOT, "%.2f", result.generatorBytesPerEvent()));
                row.add(String.format(Locale.ROOT, "%.2f", result.pipelineBytesPerEvent()));
                row.add(Long.toString(result.gcCount()));
                table.row(row.toArray(new String[0]));
            }
            final List<String> ratio = new ArrayList<>();
            ratio.add("ratio Weir / bare" + suffix);
            for (final double percentile : PERCENTILES) {
                ratio.add(ratio(weir.histogram().getValueAtPercentile(percentile), bare.histogram().getValueAtPercentile(percentile)));
            }
            ratio.add(ratio(weir.histogram().getMaxValue(), bare.histogram().getMaxValue()));
            ratio.add(String.format(Locale.ROOT, "%.2fx", weir.histogram().getMean() / bare.histogram().getMean()));
            table.row(ratio.toArray(new String[0]));
        }
        return table.toString();
    }

    private static String verdict(final String label, final SystemResult bare, final SystemResult weir) {
        final long p50 = weir.histogram().getValueAtPercentile(50);
        final long weirP99 = weir.histogram().getValueAtPercentile(99);
        final long bareP99 = bare.histogram().getValueAtPercentile(99);
        final double p99Ratio = (double) weirP99 / bareP99;
        return String.format(Locale.ROOT, "%s targets: Weir p50 %.2f µs < 2 µs: %s; Weir p99 %.2f µs = %.2fx bare p99 %.2f µs (<= 2x): %s",
                label, p50 / 1e3, p50 < P50_TARGET_NANOS ? "MET" : "MISSED", weirP99 / 1e3, p99Ratio, bareP99 / 1e3,
                p99Ratio <= P99_TARGET_RATIO ? "MET" : "MISSED");
    }

    private static String micros(final long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e3);
    }

    private static String ratio(final long value, final long baseline) {
        return String.format(Locale.ROOT, "%.2fx", (double) value / baseline);
    }

    private static String formatPercentile(final double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }
}
