package dev.weir.flink.bench;

import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * {@code ThroughputMain [--records N] [--keys K] [--warmup W] [--rounds R]}: runs
 * {@link ThroughputPipeline} on Weir's threaded runtime and on Flink (a MiniCluster in this JVM,
 * parallelism 1 and 2), {@code W} unmeasured rounds and then {@code R} measured rounds of each,
 * and prints a table of records per second (the best measured round, wall time from start to
 * end of the job, Flink's job deployment included) and the ratio Weir/Flink, then whether all
 * runs gave the same results (docs/flink.md, "Measured cost"). Exit codes: 0 done, 2 bad
 * options, 1 a run failed or the results differ.
 */
public final class ThroughputMain {
    /** The clock the rounds are timed with: the JVM's monotonic clock, read through the engine's. */
    private static final NanoClock CLOCK = SystemNanoClock.INSTANCE;
    private static final long DEFAULT_RECORDS = 2_000_000;
    private static final int DEFAULT_KEYS = 16;
    private static final int DEFAULT_WARMUP = 1;
    private static final int DEFAULT_ROUNDS = 3;
    private static final Duration WEIR_TIMEOUT = Duration.ofMinutes(30);
    private static final double NANOS_PER_SECOND = 1e9;

    private ThroughputMain() {
    }

    /** @param args the options */
    public static void main(final String[] args) throws Exception {
        System.exit(run(args, new PrintStream(System.out, true, StandardCharsets.UTF_8), System.err, null));
    }

    /**
     * @param args the options
     * @param out receives the table
     * @param err receives an error message, if any
     * @param cluster the REST address of a running MiniCluster with two slots in this JVM, or null to start one
     * @return the exit code
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err, final java.net.URI cluster) throws Exception {
        final long[] options = {DEFAULT_RECORDS, DEFAULT_KEYS, DEFAULT_WARMUP, DEFAULT_ROUNDS};
        final String[] names = {"--records", "--keys", "--warmup", "--rounds"};
        for (int i = 0; i < args.length; i += 2) {
            final int option = List.of(names).indexOf(args[i]);
            if (option < 0 || i + 1 == args.length) {
                err.println("weir: " + args[i] + ": " + (option < 0 ? "unknown option" : "a value must follow")
                        + "; usage: flink-runner/run-throughput [--records N] [--keys K] [--warmup W] [--rounds R]");
                return 2;
            }
            try {
                options[option] = Long.parseLong(args[i + 1]);
            } catch (final NumberFormatException notANumber) {
                options[option] = -1;
            }
            final long least = option == 2 ? 0 : 1;
            if (options[option] < least || option != 0 && options[option] > Integer.MAX_VALUE) {
                err.println("weir: " + args[i] + ": '" + args[i + 1] + "' is not " + (least == 0 ? "a count of 0 or more" : "a positive count"));
                return 2;
            }
        }
        final long records = options[0];
        final int keys = (int) options[1];
        final int warmup = (int) options[2];
        final int rounds = (int) options[3];
        MiniCluster started = null;
        java.net.URI address = cluster;
        try {
            if (address == null) {
                started = startCluster();
                address = started.getRestAddress().get();
            }
            final List<String> engines = List.of("weir", "flink", "flink");
            final int[] parallelisms = {1, 1, 2};
            final List<String> digests = new ArrayList<>();
            final long[] bestNanos = new long[engines.size()];
            for (int engine = 0; engine < engines.size(); engine++) {
                bestNanos[engine] = Long.MAX_VALUE;
                for (int round = 0; round < warmup + rounds; round++) {
                    final ResultDigest digest = new ResultDigest();
                    final long start = CLOCK.nanos();
                    if (engine == 0) {
                        runOnWeir(records, keys, digest);
                    } else {
                        FlinkRunner.execute(ThroughputPipeline.of(records, keys, digest),
                                FlinkTarget.runningCluster(address.getHost(), address.getPort(), parallelisms[engine]));
                    }
                    final long nanos = CLOCK.nanos() - start;
                    if (round >= warmup) {
                        bestNanos[engine] = Math.min(bestNanos[engine], nanos);
                    }
                    digests.add(digest.toString());
                }
            }
            out.printf(Locale.ROOT, "# %d records, %d keys, 1 s tumbling count+sum; %d warm-up and %d measured rounds, best round%n",
                    records, keys, warmup, rounds);
            out.printf(Locale.ROOT, "%-6s %11s %14s %10s%n", "engine", "parallelism", "records/s", "weir/flink");
            final double weir = records * NANOS_PER_SECOND / bestNanos[0];
            for (int engine = 0; engine < engines.size(); engine++) {
                final double rate = records * NANOS_PER_SECOND / bestNanos[engine];
                out.printf(Locale.ROOT, "%-6s %11d %14.0f %10s%n", engines.get(engine), parallelisms[engine], rate,
                        engine == 0 ? "-" : String.format(Locale.ROOT, "%.2f", weir / rate));
            }
            final boolean equal = digests.stream().distinct().count() == 1;
            out.println("# results " + (equal ? "equal" : "DIFFER") + ": " + String.join(equal ? "" : " | ",
                    equal ? List.of(digests.get(0)) : digests));
            return equal ? 0 : 1;
        } finally {
            if (started != null) {
                started.close();
            }
        }
    }

    private static void runOnWeir(final long records, final int keys, final ResultDigest digest) throws Exception {
        try (RunningPipeline running = ThroughputPipeline.of(records, keys, digest).start()) {
            if (!running.awaitTermination(WEIR_TIMEOUT)) {
                throw new IllegalStateException("Weir's run did not end within " + WEIR_TIMEOUT);
            }
        }
    }

    /** A MiniCluster in this JVM with two slots, so that Flink's start-up is paid once, outside the measured rounds. */
    private static MiniCluster startCluster() throws Exception {
        final Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_PORT, "0");
        final MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2)
                .build());
        cluster.start();
        return cluster;
    }
}
