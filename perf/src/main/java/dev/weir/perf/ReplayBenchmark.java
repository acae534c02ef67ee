package dev.weir.perf;

import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.perf.harness.JvmDescription;
import dev.weir.perf.harness.ThreadAllocation;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.ItchTrafficGenerator;
import dev.weir.pipelines.generate.ItchTrafficOptions;
import dev.weir.pipelines.generate.ItchTrafficSummary;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayRun;
import dev.weir.pipelines.replay.ReplaySummary;
import dev.weir.pipelines.trades.OhlcvJob;
import dev.weir.pipelines.trades.TradePrint;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Replay throughput: an ITCH 5.0 capture replayed through Weir's {@code ohlcv} pipeline ({@link ReplayRun} with
 * {@link OhlcvJob} on the deterministic scheduler, heap state, rows counted and thrown away) beside
 * {@link ReplayBaseline}, the same bars computed by one hand-written loop over primitive maps, in the same JVM,
 * alternating run by run. The capture is generated once ({@link ItchTrafficGenerator}, MoldUDP64 in a
 * nanosecond pcap, into the module's {@code target/}) unless {@code --file} names one. After the warm-up runs,
 * each measured run reports messages/s (ITCH messages decoded), trades/s, the bytes the replay thread
 * allocated per message (over the whole run, and in the steady part between the first and the last row emitted
 * before the end of the input) and the collections during the run; the table gives the medians. Both systems
 * must agree on messages, trades and bars, or the benchmark fails. Then {@code tshark -r FILE -q} reads the
 * capture once, timed, for scale, if it is on the PATH.
 *
 * <p>Options: {@code --messages=10000000 --symbols=500 --rate=250000 --seed=1 --runs=5 --warmup-runs=2
 * --out-of-orderness=1000 --file=PATH --tshark=auto} ({@code --rate}: ITCH messages per second of ITCH time
 * in the generated capture; {@code --tshark=no} skips tshark).
 */
public final class ReplayBenchmark {
    private static final double TARGET_RATIO = 0.5;
    private static final double TARGET_MESSAGES_PER_SECOND = 10e6;

    private final NanoClock clock = SystemNanoClock.INSTANCE;
    private final PrintStream out;
    private final long outOfOrdernessMillis;
    private final ReplayBaselineCounts capture;
    private final Path file;

    private ReplayBenchmark(final PrintStream out, final Path file, final long outOfOrdernessMillis, final ReplayBaselineCounts capture) {
        this.out = out;
        this.file = file;
        this.outOfOrdernessMillis = outOfOrdernessMillis;
        this.capture = capture;
    }

    /** The measured runs of one system. */
    private static final class Series {
        final String name;
        final List<Double> messagesPerSecond = new ArrayList<>();
        final List<Double> tradesPerSecond = new ArrayList<>();
        final List<Double> runBytesPerMessage = new ArrayList<>();
        final List<Double> steadyBytesPerMessage = new ArrayList<>();
        final List<Long> gcs = new ArrayList<>();

        Series(final String name) {
            this.name = name;
        }

        double median() {
            return Statistics.median(messagesPerSecond);
        }
    }

    /**
     * Runs the benchmark; exits with 2 and one line on stderr for bad options or an unreadable capture, with 1 if
     * Weir and the baseline disagree.
     *
     * @param args {@code --name=value} options, see the class comment
     * @throws InterruptedException if interrupted while tshark runs
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
     * @param err receives the one-line message of a usage or input error
     * @return 0, 1 if the systems disagreed, 2 for bad options or an unreadable capture
     * @throws InterruptedException if interrupted while tshark runs
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws InterruptedException {
        final BenchmarkOptions options;
        final ItchTrafficOptions traffic;
        final long warmUpRuns;
        final long runs;
        final long outOfOrderness;
        final boolean tshark;
        try {
            options = BenchmarkOptions.parse(args, "messages", "symbols", "rate", "seed", "runs", "warmup-runs", "out-of-orderness", "file",
                    "tshark");
            traffic = new ItchTrafficOptions((int) options.longValue("symbols", 500), options.longValue("messages", 10_000_000),
                    options.longValue("rate", 250_000), 0, options.longValue("seed", 1), 0, ItchTrafficOptions.DEFAULT_PORT,
                    ItchTrafficOptions.DEFAULT_DESTINATION);
            warmUpRuns = options.longAtLeast("warmup-runs", 2, 0);
            runs = options.longAtLeast("runs", 5, 1);
            outOfOrderness = options.longAtLeast("out-of-orderness", ReplayOptions.DEFAULT_OUT_OF_ORDERNESS_MILLIS, 0);
            final String tsharkOption = options.stringValue("tshark", "auto");
            if (!tsharkOption.equals("auto") && !tsharkOption.equals("no")) {
                throw new IllegalArgumentException("--tshark must be auto or no, got '" + tsharkOption + "'");
            }
            tshark = tsharkOption.equals("auto");
        } catch (final IllegalArgumentException e) {
            err.println("perf/run replay: " + e.getMessage().replaceFirst("^(symbols|messages|rate): ", "--$1: "));
            return 2;
        }
        out.println("# Weir replay benchmark: ITCH capture -> ohlcv bars");
        out.println("JVM: " + JvmDescription.describe());
        out.println("JVM options: " + JvmDescription.flags());
        final NanoClock clock = SystemNanoClock.INSTANCE;
        final Path file;
        final ReplayBaselineCounts counts;
        try {
            final String given = options.stringValue("file", null);
            file = given != null ? Path.of(given) : generate(traffic, out, clock);
            final long start = clock.nanos();
            counts = new ReplayBaseline(outOfOrderness).run(List.of(file), (s, w, o, h, l, c, v, t) -> { });
            out.printf(Locale.ROOT, "capture: %s, %,d bytes, %,d packets, %,d ITCH messages, %,d trades in %,d bars of %,d symbols"
                    + " (a first reading pass: %.2f s)%n", file, Files.size(file), counts.packets(), counts.messages(), counts.trades(),
                    counts.bars(), counts.symbols(), (clock.nanos() - start) / 1e9);
        } catch (final CaptureFormatException | UncheckedIOException | IOException e) {
            err.println("perf/run replay: " + e.getMessage());
            return 2;
        }
        if (counts.messages() == 0) {
            err.println("perf/run replay: " + file + ": no ITCH messages in the capture's MoldUDP64 datagrams");
            return 2;
        }
        out.printf(Locale.ROOT, "load: Weir's ohlcv pipeline (ReplayRun, deterministic scheduler on this thread, heap state, CSV rows counted"
                + " and dropped, out-of-orderness %,d ms) and the single-thread baseline, alternating; %d warm-up and %d measured runs"
                + " each%n", outOfOrderness, warmUpRuns, runs);
        return new ReplayBenchmark(out, file, outOfOrderness, counts).measure(warmUpRuns, runs, tshark);
    }

    private static Path generate(final ItchTrafficOptions traffic, final PrintStream out, final NanoClock clock) throws IOException {
        final Path directory = targetDirectory();
        Files.createDirectories(directory);
        final Path file = directory.resolve(String.format(Locale.ROOT, "replay-itch-%d-messages-%d-symbols-%d-rate-seed-%d.pcap",
                traffic.messages(), traffic.symbols(), traffic.rate(), traffic.seed()));
        final long start = clock.nanos();
        final ItchTrafficSummary summary;
        try (CaptureWriter writer = CaptureWriter.create(file, CaptureEncoding.of(false, true))) {
            summary = new ItchTrafficGenerator(traffic).generate(writer);
        }
        out.printf(Locale.ROOT, "generated in %.2f s (seed %d, %,d symbols, %,d messages/s of ITCH time): %s%n",
                (clock.nanos() - start) / 1e9, traffic.seed(), traffic.symbols(), traffic.rate(), summary.text());
        return file;
    }

    /** @return the perf module's {@code target/}: where the jar (or, in the build, the classes directory) is */
    private static Path targetDirectory() {
        try {
            return Path.of(ReplayBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
        } catch (final URISyntaxException | RuntimeException e) {
            return Path.of("target");
        }
    }

    private int measure(final long warmUpRuns, final long runs, final boolean tshark) throws InterruptedException {
        final Series weir = new Series("Weir replay, ohlcv (ReplayRun)");
        final Series baseline = new Series("baseline: single-thread loop, Agrona maps");
        boolean same = true;
        for (long run = 0; run < warmUpRuns + runs; run++) {
            final boolean measured = run >= warmUpRuns;
            out.printf(Locale.ROOT, "  %s %d:", measured ? "run" : "warm-up", measured ? run - warmUpRuns + 1 : run + 1);
            same &= runWeir(measured ? weir : null);
            same &= runBaseline(measured ? baseline : null);
            out.println();
        }
        out.println();
        final TextTable table = new TextTable().row("system", "median msg/s", "min msg/s", "max msg/s", "trades/s", "ratio to baseline",
                "B/msg run", "B/msg steady", "GCs/run");
        for (final Series series : new Series[] {weir, baseline}) {
            table.row(series.name, millions(series.median()), millions(Statistics.min(series.messagesPerSecond)),
                    millions(Statistics.max(series.messagesPerSecond)), millions(Statistics.median(series.tradesPerSecond)),
                    String.format(Locale.ROOT, "%.1f%%", 100 * series.median() / baseline.median()),
                    String.format(Locale.ROOT, "%.2f", Statistics.median(series.runBytesPerMessage)),
                    bytes(Statistics.median(series.steadyBytesPerMessage)), series.gcs.toString());
        }
        out.print(table);
        out.println("(msg/s and trades/s in millions, medians of the measured runs; B/msg = bytes allocated per ITCH message by the"
                + " replay thread: over the whole run, set-up included, and in the steady part between the first and the last row"
                + " emitted before the end of the input, rows included)");
        out.println();
        out.println("results: " + (same ? "identical" : "DIFFERENT") + " messages, trades and bars in every run");
        final double ratio = weir.median() / baseline.median();
        out.printf(Locale.ROOT, "target: Weir at %s msg/s (>= 10 M): %s%n", millions(weir.median()),
                weir.median() >= TARGET_MESSAGES_PER_SECOND ? "MET" : "MISSED");
        out.printf(Locale.ROOT, "target: Weir at %.1f%% of the baseline (>= 50%%): %s%n", 100 * ratio, ratio >= TARGET_RATIO ? "MET" : "MISSED");
        final double steady = Statistics.median(weir.steadyBytesPerMessage);
        if (Double.isNaN(steady)) {
            out.println("target: Weir's bytes per message in the steady part (0): not measured, no two rows came before the end of"
                    + " the input (a capture of more seconds is needed)");
        } else {
            out.printf(Locale.ROOT, "target: Weir allocates %.2f B/msg in the steady part (0): %s; the part includes the allocation of"
                    + " each bar emitted (%.2f bars per 1,000 messages in this capture)%n", steady, Math.round(steady * 100) == 0 ? "MET"
                    : "MISSED", 1e3 * capture.bars() / capture.messages());
        }
        out.println("GC: " + JvmDescription.gcSoFar() + " in the whole run");
        if (tshark) {
            tshark();
        }
        return same ? 0 : 1;
    }

    private boolean runWeir(final Series series) throws InterruptedException {
        final SteadyAllocation steady = new SteadyAllocation(capture.packets());
        final CountingRows rows = new CountingRows(steady);
        final List<String> warnings = new ArrayList<>();
        final ReplayRun<TradePrint> replay = new ReplayRun<>(new OhlcvJob(), ReplayOptions.of(List.of(file))
                .withOutOfOrderness(outOfOrdernessMillis), rows, warnings::add, clock);
        rows.follow(replay.progress());
        final long gcBefore = JvmDescription.gcCount();
        final long allocatedBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long start = clock.nanos();
        final ReplaySummary summary = replay.execute(OutputFormat.CSV);
        final long elapsed = clock.nanos() - start;
        final long allocated = ThreadAllocation.currentThreadAllocatedBytes() - allocatedBefore;
        final long gcs = JvmDescription.gcCount() - gcBefore;
        final long messages = summary.decoded().getOrDefault("messages", -1L);
        final long trades = summary.read().events();
        final long bars = rows.lines() - 1;
        final boolean same = messages == capture.messages() && trades == capture.trades() && bars == capture.bars();
        record(series, "Weir", elapsed, allocated, steady.bytesPer((double) capture.messages() / capture.packets()), gcs);
        if (!same || !warnings.isEmpty()) {
            out.printf(Locale.ROOT, " [Weir: %,d messages, %,d trades, %,d bars; baseline: %,d, %,d, %,d; %d warnings%s]", messages, trades,
                    bars, capture.messages(), capture.trades(), capture.bars(), warnings.size(),
                    warnings.isEmpty() ? "" : ", the first: " + warnings.get(0));
        }
        return same;
    }

    private boolean runBaseline(final Series series) {
        final SteadyAllocation steady = new SteadyAllocation(capture.messages());
        final CountingBars bars = new CountingBars(steady);
        final ReplayBaseline loop = new ReplayBaseline(outOfOrdernessMillis);
        bars.follow(loop);
        final long gcBefore = JvmDescription.gcCount();
        final long allocatedBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final long start = clock.nanos();
        final ReplayBaselineCounts counts = loop.run(List.of(file), bars);
        final long elapsed = clock.nanos() - start;
        final long allocated = ThreadAllocation.currentThreadAllocatedBytes() - allocatedBefore;
        final long gcs = JvmDescription.gcCount() - gcBefore;
        record(series, "baseline", elapsed, allocated, steady.bytesPer(1), gcs);
        return counts.equals(capture);
    }

    /** Prints one run and, unless it was a warm-up ({@code series == null}), adds it to its series. */
    private void record(final Series series, final String label, final long elapsedNanos, final long allocated, final double steadyBytes,
            final long gcs) {
        final double rate = capture.messages() * 1e9 / elapsedNanos;
        out.printf(Locale.ROOT, " %s %s msg/s (%.2f s)", label, millions(rate), elapsedNanos / 1e9);
        if (series != null) {
            series.messagesPerSecond.add(rate);
            series.tradesPerSecond.add(capture.trades() * 1e9 / elapsedNanos);
            series.runBytesPerMessage.add((double) allocated / capture.messages());
            series.steadyBytesPerMessage.add(steadyBytes);
            series.gcs.add(gcs);
        }
    }

    /** Reads the capture once with {@code tshark -r FILE -q}, for scale: a general-purpose dissector's packet rate. */
    private void tshark() throws InterruptedException {
        final Path tshark = onPath("tshark");
        if (tshark == null) {
            out.println("tshark: not on the PATH, no comparison");
            return;
        }
        final ProcessBuilder command = new ProcessBuilder(tshark.toString(), "-r", file.toString(), "-q").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        final long start = clock.nanos();
        final int exit;
        try {
            exit = command.start().waitFor();
        } catch (final IOException e) {
            out.println("tshark: could not be run: " + e.getMessage());
            return;
        }
        final long elapsed = clock.nanos() - start;
        out.printf(Locale.ROOT, "tshark -r FILE -q, once (process start included)%s: %.2f s, %s packets/s, %s ITCH messages/s%n",
                exit == 0 ? "" : ", exit status " + exit, elapsed / 1e9, millions(capture.packets() * 1e9 / elapsed),
                millions(capture.messages() * 1e9 / elapsed));
    }

    private static Path onPath(final String program) {
        final String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (final String directory : path.split(File.pathSeparator)) {
            final Path candidate = Path.of(directory.isEmpty() ? "." : directory, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String bytes(final double perMessage) {
        return Double.isNaN(perMessage) ? "n/a" : String.format(Locale.ROOT, "%.2f", perMessage);
    }

    private static String millions(final double perSecond) {
        return String.format(Locale.ROOT, "%.2f M", perSecond / 1e6);
    }
}
