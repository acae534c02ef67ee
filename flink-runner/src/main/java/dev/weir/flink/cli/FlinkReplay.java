package dev.weir.flink.cli;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.FlinkRunner;
import dev.weir.flink.FlinkTarget;
import dev.weir.flink.source.CaptureDecoders;
import dev.weir.flink.source.FlinkCaptureSource;
import dev.weir.flink.source.ReplayedCaptures;
import dev.weir.flink.translation.FlinkTranslationException;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.PrintedRows;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ReplayJobs;
import dev.weir.pipelines.replay.ReplayOptions;
import dev.weir.pipelines.replay.ReplayWarnings;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.pipelines.telemetry.StatsdAlertsJob;
import dev.weir.pipelines.telemetry.StatsdDecoder;
import dev.weir.clock.SystemClock;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code weir replay --pipeline NAME --engine flink} (docs/replay.md, "On Flink"): the same reference pipeline that
 * {@code weir replay} runs on Weir ({@link ReplayJobs}), built with Weir's API over the capture files and run on Flink
 * through {@link FlinkRunner}'s translation. The files are read in order by one reader with the pipeline's own
 * decoder, made on the task ({@link FlinkCaptureSource}); the watermarks are the pipeline's (bounded out-of-orderness
 * with the given bound), emitted on Flink's periodic interval of wall-clock time. The rows come back to this JVM and are
 * printed as {@code weir replay} prints them, the CSV header first. Thread-safe: each call is one run.
 */
public final class FlinkReplay {
    /** Events of the caller's replay context; the decoders' pools on the task have their own size. */
    private static final int EVENT_POOL_SIZE = 1 << 16;

    private FlinkReplay() {
    }

    /**
     * Replays the files through the named pipeline on the target and prints its rows.
     *
     * @param pipeline a reference pipeline's name, e.g. {@code ohlcv}
     * @param files the capture files, replayed one after the other; readable where the task runs
     * @param outOfOrdernessMillis the watermarks' bound, as {@code --out-of-orderness}
     * @param format how the rows are printed
     * @param lines receives the header (CSV), then one line per row, from one thread at a time
     * @param warnings receives the warnings of this JVM (the decoders' go to the task's standard error)
     * @param target where to run it; the rows come out in the order Flink emits them, so use parallelism 1 for the
     *     order of {@code weir replay}
     * @return the rows printed and the late records counted
     * @throws IllegalArgumentException for an unknown pipeline, listing the known ones
     * @throws FlinkTranslationException if the pipeline does not translate (nothing ran)
     * @throws Exception if the Flink job fails, e.g. on a fault in a capture
     */
    public static ReplayedOnFlink run(final String pipeline, final List<Path> files, final long outOfOrdernessMillis,
            final OutputFormat format, final Consumer<String> lines, final ReplayWarnings warnings, final FlinkTarget target)
            throws Exception {
        return run(ReplayJobs.named(pipeline), files, outOfOrdernessMillis, format, lines, warnings, target);
    }

    /**
     * Replays the files through the given reference pipeline on the target and prints its rows: a pipeline made with
     * input of its own, such as {@code statsd-alerts} with its threshold table, which {@link ReplayJobs} cannot name.
     *
     * @param job the reference pipeline; its second sources (a threshold table) are shipped with the job
     * @param files the capture files, replayed one after the other; readable where the task runs
     * @param outOfOrdernessMillis the watermarks' bound, as {@code --out-of-orderness}
     * @param format how the rows are printed
     * @param lines receives the header (CSV), then one line per row, from one thread at a time
     * @param warnings receives the warnings of this JVM (the decoders' go to the task's standard error)
     * @param target where to run it; use parallelism 1 for the order of {@code weir replay}
     * @return the rows printed and the late records counted
     * @throws FlinkTranslationException if the pipeline does not translate (nothing ran)
     * @throws Exception if the Flink job fails, e.g. on a fault in a capture
     */
    public static ReplayedOnFlink run(final ReplayJob<?> job, final List<Path> files, final long outOfOrdernessMillis,
            final OutputFormat format, final Consumer<String> lines, final ReplayWarnings warnings, final FlinkTarget target)
            throws Exception {
        return replay(job, files, outOfOrdernessMillis, format, lines, warnings, target);
    }

    private static <E> ReplayedOnFlink replay(final ReplayJob<E> job, final List<Path> files, final long outOfOrdernessMillis,
            final OutputFormat format, final Consumer<String> lines, final ReplayWarnings warnings, final FlinkTarget target)
            throws Exception {
        final ReplayOptions options = ReplayOptions.of(files).withOutOfOrderness(outOfOrdernessMillis);
        final ReplayContext context = new ReplayContext(warnings, EVENT_POOL_SIZE);
        final StreamPipeline pipeline = StreamPipeline.named("replay-" + job.name());
        final DataStream<E> events = pipeline.from("capture", new ReplayedCaptures<>(files, decoders(job)),
                job.watermarks(options, SystemClock.INSTANCE), 1);
        final PrintedRows rows = new PrintedRows(new RowPrinter(format, job.schema()), lines);
        job.results(pipeline, events, context).sink(rows);
        FlinkRunner.execute(pipeline, target);
        rows.header();
        return new ReplayedOnFlink(job.name(), rows.rows(), context.lateSideOutput());
    }

    /**
     * The pipeline's decoder, made on the task: only a name is shipped. {@code statsd-alerts}, which {@link ReplayJobs}
     * does not name (it needs its table), decodes as {@code statsd-percentiles}, whose windows it checks.
     */
    @SuppressWarnings("unchecked")
    private static <E> CaptureDecoders<E> decoders(final ReplayJob<E> job) {
        if (StatsdAlertsJob.NAME.equals(job.name())) {
            return context -> (PayloadDecoder<E>) new StatsdDecoder(context);
        }
        final String pipeline = job.name();
        return context -> ((ReplayJob<E>) ReplayJobs.named(pipeline)).decoder(context);
    }
}
