package dev.weir.perf;

import dev.weir.runtime.IdleStrategyKind;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Per-record latency at a fixed rate, coordinated-omission-correct: the generating thread
 * sends record {@code i} at its intended time on a fixed schedule (or as soon as it can, if
 * late) and the consumer records {@code now - intended}. Runs the bare two-thread Disruptor
 * hop (the baseline) and then Weir's publisher -> keyBy -> pass-through keyed process ->
 * sink, each with its own warm-up, in the same JVM, alternating for several rounds so both
 * sample the same stretch of machine noise, and prints each round and all rounds combined
 * with the ratio Weir / bare. Two threads busy-spin in each run (generator and consumer):
 * run it on two free cores.
 *
 * <p>Options: {@code --rate=1000000 --warmup-seconds=3 --seconds=10 --keys=1000
 * --capacity=1024 --rounds=5 --idle=BUSY_SPIN --bare-parks=false} ({@code --bare-parks=true}: the
 * baseline's producer waits for a full ring in Disruptor's parking {@code next()}).
 */
public final class LatencyBenchmark {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final long P50_TARGET_NANOS = 2_000;
    private static final double P99_TARGET_RATIO = 2.0;

    private final NanoClock clock = SystemNanoClock.INSTANCE;
    private final long rate;
    private final long warmUpRecords;
    private final long measuredRecords;
    private final int keys;
    private final int capacity;
    private final IdleStrategyKind idle;
    private final boolean parkingBareProducer;

    private LatencyBenchmark(final BenchmarkOptions options) {
        this.rate = options.longValue("rate", 1_000_000);
        this.warmUpRecords = rate * options.longValue("warmup-seconds", 3);
        this.measuredRecords = rate * options.longValue("seconds", 10);
        this.keys = (int) options.longValue("keys", 1_000);
        this.capacity = (int) options.longValue("capacity", 1024);
        this.idle = IdleStrategyKind.valueOf(options.stringValue("idle", IdleStrategyKind.BUSY_SPIN.name()));
        this.parkingBareProducer = Boolean.parseBoolean(options.stringValue("bare-parks", "false"));
    }

    /** The outcome of one system's run. */
    private static final class Result {
        final String name;
        final Histogram histogram;
        final double publisherBytesPerRecord;
        final double consumerBytesPerRecord;
        final long gcsDuringMeasurement;

        Result(final String name, final Histogram histogram, final double publisherBytesPerRecord, final double consumerBytesPerRecord,
                final long gcsDuringMeasurement) {
            this.name = name;
            this.histogram = histogram;
            this.publisherBytesPerRecord = publisherBytesPerRecord;
            this.consumerBytesPerRecord = consumerBytesPerRecord;
            this.gcsDuringMeasurement = gcsDuringMeasurement;
        }

        long percentile(final double percentile) {
            return histogram.getValueAtPercentile(percentile);
        }
    }

    /**
     * @param args {@code --name=value} options, see the class comment
     * @throws InterruptedException if interrupted while waiting for a consumer
     */
    public static void main(final String[] args) throws InterruptedException {
        final BenchmarkOptions options = BenchmarkOptions.parse(args, "rate", "warmup-seconds", "seconds", "keys", "capacity", "rounds", "idle",
                "bare-parks");
        final LatencyBenchmark benchmark = new LatencyBenchmark(options);
        final long rounds = options.longValue("rounds", 5);
        System.out.println("# Weir latency benchmark");
        System.out.println("JVM: " + JvmDescription.describe());
        System.out.printf("load: %,d records/s fixed rate, warm-up %,d records, measured %,d records, %,d keys, ring %,d slots,"
                + " Weir task idle strategy %s%n", benchmark.rate, benchmark.warmUpRecords, benchmark.measuredRecords, benchmark.keys,
                benchmark.capacity, benchmark.idle);
        System.out.println("latency = sink System.nanoTime() - intended send time (fixed schedule, coordinated-omission-correct), µs");
        final List<Result[]> results = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            final Result bare = benchmark.run(new BareDisruptorHop(benchmark.capacity, benchmark.clock, benchmark.parkingBareProducer));
            final Result weir = benchmark.run(new WeirKeyedHop(benchmark.capacity, benchmark.idle, benchmark.clock));
            results.add(new Result[] {bare, weir});
        }
        if (results.size() > 1) {
            results.add(combined(results));
        }
        System.out.println();
        System.out.print(table(results));
        System.out.println("(µs; pub/cons B/rec = bytes allocated per measured record by the generating / consumer threads;"
                + " GCs during the measured part)");
        System.out.println();
        for (int round = 0; round < results.size(); round++) {
            System.out.println(verdict(results.size() > 1 && round == results.size() - 1 ? "all rounds" : "round " + (round + 1),
                    results.get(round)[0], results.get(round)[1]));
        }
        System.out.println("GC: " + JvmDescription.gcSoFar() + " in the whole run");
    }

    private Result run(final LatencyTarget target) throws InterruptedException {
        final TickPool pool = new TickPool(1 << 16, keys);
        target.start();
        final FixedRateSchedule schedule = new FixedRateSchedule(clock, clock.nanoTime() + 10_000_000, rate);
        final long total = warmUpRecords + measuredRecords;
        long publisherBefore = 0;
        long consumerBefore = 0;
        long gcBefore = 0;
        for (long i = 0; i < total; i++) {
            if (i == warmUpRecords) {
                publisherBefore = ThreadAllocation.currentThreadAllocatedBytes();
                consumerBefore = ThreadAllocation.allocatedBytes(target.consumerThreads());
                gcBefore = JvmDescription.gcCount();
            }
            final long intended = schedule.awaitIntended(i);
            final Tick tick = pool.next(i, intended, i >= warmUpRecords);
            target.send(tick, (intended - schedule.startNanos()) / 1_000_000);
        }
        final long publisherBytes = ThreadAllocation.currentThreadAllocatedBytes() - publisherBefore;
        final long consumerBytes = ThreadAllocation.allocatedBytes(target.consumerThreads()) - consumerBefore;
        final long gcs = JvmDescription.gcCount() - gcBefore;
        target.finish();
        final LatencyRecorder recorder = target.recorder();
        if (recorder.received() != total || recorder.histogram().getTotalCount() != measuredRecords) {
            throw new IllegalStateException(target.name() + " received " + recorder.received() + " of " + total + " records, measured "
                    + recorder.histogram().getTotalCount() + " of " + measuredRecords);
        }
        System.out.printf("  ran %s: p50 %.2f µs, p99 %.2f µs%n", target.name(),
                recorder.histogram().getValueAtPercentile(50) / 1e3, recorder.histogram().getValueAtPercentile(99) / 1e3);
        return new Result(target.name(), recorder.histogram().copy(), (double) publisherBytes / measuredRecords,
                (double) consumerBytes / measuredRecords, gcs);
    }

    /** Every round's latencies of each system in one histogram: both systems sampled the same stretch of machine noise. */
    private static Result[] combined(final List<Result[]> results) {
        final Result[] all = new Result[2];
        for (int system = 0; system < 2; system++) {
            final Histogram histogram = results.get(0)[system].histogram.copy();
            double publisherBytes = results.get(0)[system].publisherBytesPerRecord;
            double consumerBytes = results.get(0)[system].consumerBytesPerRecord;
            long gcs = results.get(0)[system].gcsDuringMeasurement;
            for (int round = 1; round < results.size(); round++) {
                final Result result = results.get(round)[system];
                histogram.add(result.histogram);
                publisherBytes += result.publisherBytesPerRecord;
                consumerBytes += result.consumerBytesPerRecord;
                gcs += result.gcsDuringMeasurement;
            }
            all[system] = new Result(results.get(0)[system].name, histogram, publisherBytes / results.size(),
                    consumerBytes / results.size(), gcs);
        }
        return all;
    }

    private static String table(final List<Result[]> results) {
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
        for (int round = 0; round < results.size(); round++) {
            final String suffix = results.size() == 1 ? "" : round == results.size() - 1 ? " (all rounds)" : " #" + (round + 1);
            final Result bare = results.get(round)[0];
            final Result weir = results.get(round)[1];
            for (final Result result : new Result[] {bare, weir}) {
                final List<String> row = new ArrayList<>();
                row.add(result.name + suffix);
                for (final double percentile : PERCENTILES) {
                    row.add(micros(result.percentile(percentile)));
                }
                row.add(micros(result.histogram.getMaxValue()));
                row.add(String.format("%.2f", result.histogram.getMean() / 1e3));
                row.add(String.format("%.2f", result.publisherBytesPerRecord));
                row.add(String.format("%.2f", result.consumerBytesPerRecord));
                row.add(Long.toString(result.gcsDuringMeasurement));
                table.row(row.toArray(new String[0]));
            }
            final List<String> ratio = new ArrayList<>();
            ratio.add("ratio Weir / bare" + suffix);
            for (final double percentile : PERCENTILES) {
                ratio.add(ratio(weir.percentile(percentile), bare.percentile(percentile)));
            }
            ratio.add(ratio(weir.histogram.getMaxValue(), bare.histogram.getMaxValue()));
            ratio.add(String.format("%.2fx", weir.histogram.getMean() / bare.histogram.getMean()));
            table.row(ratio.toArray(new String[0]));
        }
        return table.toString();
    }

    private static String verdict(final String label, final Result bare, final Result weir) {
        final long p50 = weir.percentile(50);
        final double p99Ratio = (double) weir.percentile(99) / bare.percentile(99);
        return String.format("%s targets: Weir p50 %.2f µs < 2 µs: %s; Weir p99 %.2f µs = %.2fx bare p99 %.2f µs (<= 2x): %s",
                label, p50 / 1e3, p50 < P50_TARGET_NANOS ? "MET" : "MISSED", weir.percentile(99) / 1e3, p99Ratio,
                bare.percentile(99) / 1e3, p99Ratio <= P99_TARGET_RATIO ? "MET" : "MISSED");
    }

    private static String micros(final long nanos) {
        return String.format("%.2f", nanos / 1e3);
    }

    private static String ratio(final long value, final long baseline) {
        return String.format("%.2fx", (double) value / baseline);
    }

    private static String formatPercentile(final double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }
}
