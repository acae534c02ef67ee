package dev.weir.pipelines.replay;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.Clock;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemClock;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.payload.PayloadGuess;
import dev.weir.codec.payload.PayloadSample;
import dev.weir.metrics.OperatorMetrics;
import dev.weir.metrics.PipelineMetrics;
import dev.weir.metrics.TaskMetrics;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.window.WindowOperator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * One replay of capture files through a {@link ReplayJob}: the capture source, the job's pipeline and a sink
 * that prints its rows. On the virtual clock ({@link ReplayPace#virtual()}) it runs on the deterministic
 * scheduler on the caller's thread, with processing time following the capture, so two replays print the same
 * bytes; with a pace it runs on the threaded scheduler and the system clock. Build it, hand
 * {@link #progress()} to a display if there is one, then call {@link #execute()} once. A replay whose datagrams
 * gave no row warns so, naming what {@code weir inspect} guesses the payloads are.
 *
 * @param <E> the job's event type
 */
public final class ReplayRun<E> {
    /** Slots of each ring: room for the bursts of a capture. */
    static final int CHANNEL_CAPACITY = 4096;
    /**
     * Events of each pool: twice what can be in flight at once. At most four keyed instances' rings, the
     * overflow of one read ({@link CaptureReader#EVENTS_PER_READ}) and the events of one datagram (64 KiB
     * of 6-byte StatsD lines at most) fit in 32,768.
     */
    static final int EVENT_POOL_SIZE = 1 << 16;

    private final ReplayJob<E> job;
    private final ReplayOptions options;
    private final Consumer<String> lines;
    private final ReplayWarnings warnings;
    private final NanoClock elapsed;
    private final ReplayProgress progress;
    private final ReplayContext context;
    private boolean executed;

    /**
     * @param job the pipeline to run
     * @param options files, filter, watermarks, pace
     * @param lines receives the header (CSV; once the first packet is read, or at the end when there is none) and one
     *     line per row, on the thread that reads the packets or emits the row
     * @param warnings receives warnings, on the reading thread
     * @param elapsed measures the replay's duration for the summary
     */
    public ReplayRun(final ReplayJob<E> job, final ReplayOptions options, final Consumer<String> lines, final ReplayWarnings warnings,
            final NanoClock elapsed) {
        this.job = job;
        this.options = options;
        this.lines = lines;
        this.warnings = warnings;
        this.elapsed = elapsed;
        this.progress = new ReplayProgress(totalBytes(options));
        this.context = new ReplayContext(warnings, EVENT_POOL_SIZE);
    }

    /** @return the replay's progress, updated while {@link #execute} runs; thread-safe */
    public ReplayProgress progress() {
        return progress;
    }

    /**
     * Replays the files to their end, printing the rows as they come.
     *
     * @param format how the rows are printed
     * @return what the replay did
     * @throws CaptureFormatException (possibly as the cause of a
     *         {@link dev.weir.runtime.PipelineExecutionException}) for a fault in a file without {@code skipBad};
     *         the rows emitted before it are already printed
     * @throws InterruptedException if interrupted while a paced replay runs
     */
    public ReplaySummary execute(final OutputFormat format) throws InterruptedException {
        if (executed) {
            throw new IllegalStateException("a replay runs once");
        }
        executed = true;
        final long started = elapsed.nanos();
        // the CSV header once the first packet is read (or before the first row, whichever the threads see first), or at the end
        // of a replay that read none: never before a file that turns out not to be a capture has failed
        final PrintedRows sink = new PrintedRows(new RowPrinter(format, job.schema()), lines);
        context.rowsTo(row -> sink.accept(row, 0));
        final VirtualClock virtualClock = options.pace().isVirtual() ? new VirtualClock(firstCaptureMillis(options)) : null;
        final Clock clock = virtualClock != null ? virtualClock : SystemClock.INSTANCE;
        final CaptureSource<E> source = new CaptureSource<>(options, job.decoder(context), clock, warnings, progress, sink::header);
        final StreamPipeline pipeline = StreamPipeline.named("replay-" + job.name()).stateBackend(options.stateBackend())
                .channelCapacity(CHANNEL_CAPACITY).clock(clock);
        final DataStream<E> events = pipeline.from("capture", source, job.watermarks(options, clock), 1);
        job.results(pipeline, events, context).sink(sink);
        final PipelineMetrics metrics;
        if (virtualClock != null) {
            try (DeterministicPipeline running = pipeline.startDeterministic(virtualClock)) {
                running.runToEnd();
                metrics = running.metrics();
            }
        } else {
            try (RunningPipeline running = pipeline.start()) {
                running.awaitTermination();
                metrics = running.metrics();
            }
        }
        sink.header();
        final ReplaySummary summary = summary(source, sink.rows(), metrics, elapsed.nanos() - started);
        if (summary.rows() == 0 && summary.read().datagrams() > 0) {
            final PayloadGuess guess = PayloadSample.guess(options.files(), options.filter(), CaptureProtocols.all());
            warnings.warn(String.format(Locale.ROOT, "%s printed no rows from %,d datagrams; weir inspect guesses their payloads are %s (%s)",
                    job.name(), summary.read().datagrams(), guess.title(), guess.reason()));
        }
        final String trailer = job.trailer(summary);
        if (trailer != null) {
            lines.accept(trailer);
        }
        return summary;
    }

    private ReplaySummary summary(final CaptureSource<E> source, final long rows, final PipelineMetrics metrics, final long nanos) {
        long windowsFired = 0;
        long lateDropped = 0;
        long lateToSideOutput = 0;
        for (final TaskMetrics task : metrics.tasks()) {
            for (final OperatorMetrics operator : task.operators()) {
                lateDropped += operator.lateRecordsDropped();
                lateToSideOutput += operator.lateRecordsSideOutput();
                if (operator.name().equals(WindowOperator.DEFAULT_NAME)) {
                    windowsFired += operator.recordsOut();
                }
            }
        }
        return new ReplaySummary(job.name(), source.counts(), source.decoderCounts(), rows, windowsFired, lateToSideOutput, lateDropped,
                nanos);
    }

    private static long totalBytes(final ReplayOptions options) {
        long total = 0;
        for (final Path file : options.files()) {
            try {
                total += Files.size(file);
            } catch (final IOException e) {
                // the reader reports an unreadable file with its name when it comes to it
            }
        }
        return total;
    }

    /** The virtual clock starts at the first packet's capture time, so no periodic emission runs before it. */
    private static long firstCaptureMillis(final ReplayOptions options) {
        for (final Path file : options.files()) {
            try (CaptureFile capture = CaptureFile.open(file)) {
                final CapturePacket packet = new CapturePacket();
                if (capture.next(packet)) {
                    return Math.floorDiv(packet.timestampNanos(), 1_000_000L);
                }
            } catch (final RuntimeException e) {
                // a file that cannot be read fails (or is skipped) in the reader, with its message, in file order
                if (!options.skipBad()) {
                    return 0;
                }
            }
        }
        return 0;
    }
}
