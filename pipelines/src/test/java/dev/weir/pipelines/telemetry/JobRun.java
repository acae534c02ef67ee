package dev.weir.pipelines.telemetry;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.VirtualClock;
import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.OutputFormat;
import dev.weir.pipelines.replay.PayloadDecoder;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.ReplayJob;
import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowPrinter;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.sink.Sink;
import dev.weir.source.Publisher;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.time.WatermarkStrategy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a telemetry {@link ReplayJob} on the deterministic scheduler the way a replay feeds it: samples with their
 * event times into a publisher, watermarks as the replay makes them (the largest time so far less the bound less
 * 1, here after every sample) or as the test says, MAX at the end, and the rows printed as CSV. Every sample is
 * the same object refilled, so a pipeline that kept a sample instead of copying what it needs would print wrong
 * rows.
 */
final class JobRun {
    /** The replay's default out-of-orderness bound, in milliseconds. */
    static final long BOUND = 1_000;

    private JobRun() {
    }

    /**
     * One step of the input: a sample at its event time, or an explicit watermark.
     *
     * @param host the sender (null for a watermark)
     * @param metric the metric name, or null for a packet sample
     * @param type the metric's type
     * @param value its value
     * @param rate its sample rate
     * @param time the event time, or the watermark
     * @param watermark true for a watermark step
     */
    record Step(String host, String metric, MetricType type, double value, double rate, long time, boolean watermark) {
        static Step packet(final String host, final long time) {
            return new Step(host, null, null, Double.NaN, 1, time, false);
        }

        static Step metric(final String host, final String metric, final MetricType type, final double value, final long time) {
            return new Step(host, metric, type, value, 1, time, false);
        }

        static Step sampled(final String host, final String metric, final MetricType type, final double value, final double rate,
                final long time) {
            return new Step(host, metric, type, value, rate, time, false);
        }

        static Step watermark(final long time) {
            return new Step(null, null, null, Double.NaN, 1, time, true);
        }

        boolean isPacket() {
            return !watermark && metric == null;
        }

        MetricSample fill(final MetricSample sample) {
            return metric == null ? sample.packet(new Host(host))
                    : sample.metric(new Series(new Host(host), metric), type, value, rate, false);
        }
    }

    /**
     * @param job the pipeline
     * @param steps the input, in arrival order
     * @param bounded whether a watermark follows every sample (the replay's bounded out-of-orderness, {@link #BOUND})
     * @param context the replay's context (late records are counted there)
     * @return the CSV lines, header first
     */
    static List<String> csv(final ReplayJob<MetricSample> job, final List<Step> steps, final boolean bounded, final ReplayContext context) {
        return run(job, steps, bounded, context, false, HeapStateBackend.INSTANCE);
    }

    /**
     * @param job the pipeline
     * @param steps the input, in arrival order, with a watermark after every sample
     * @param context the replay's context
     * @param backend where the keyed state lives
     * @return the CSV lines, header first
     */
    static List<String> csv(final ReplayJob<MetricSample> job, final List<Step> steps, final ReplayContext context,
            final StateBackend backend) {
        return run(job, steps, true, context, false, backend);
    }

    /**
     * @param job the pipeline
     * @param steps the input, in arrival order
     * @param bounded whether a watermark follows every sample
     * @param context the replay's context
     * @return the CSV rows, each prefixed with the number of the step it was printed at ({@code 0} is the first;
     *         {@code end} after the input ended), without the header
     */
    static List<String> timeline(final ReplayJob<MetricSample> job, final List<Step> steps, final boolean bounded,
            final ReplayContext context) {
        return run(job, steps, bounded, context, true, HeapStateBackend.INSTANCE);
    }

    /**
     * Decodes a capture with the job's own decoder and feeds its samples to the job as a replay does, with a
     * watermark ({@link #BOUND}) after every datagram.
     *
     * @param job the pipeline
     * @param capture a pcap file of StatsD datagrams
     * @param context the replay's warnings, pool size and late count
     * @return the CSV lines, header first
     */
    static List<String> csv(final ReplayJob<MetricSample> job, final Path capture, final ReplayContext context) {
        final PayloadDecoder<MetricSample> decoder = job.decoder(context);
        final List<String> lines = run(job, context, false, HeapStateBackend.INSTANCE, (input, at) -> {
            final long[] newest = {Long.MIN_VALUE};
            CaptureFixture.replay(capture, datagram -> {
                decoder.decode(datagram, (sample, time) -> {
                    input.publish(sample, time);
                    newest[0] = Math.max(newest[0], time);
                });
                input.emitWatermark(newest[0] - BOUND - 1);
            });
            decoder.endOfInput();
        });
        return lines;
    }

    /** Feeds a pipeline's publisher, saying which step it is at. */
    @FunctionalInterface
    private interface Feed {
        void into(Publisher<MetricSample> input, String[] at);
    }

    private static List<String> run(final ReplayJob<MetricSample> job, final List<Step> steps, final boolean bounded,
            final ReplayContext context, final boolean timeline, final StateBackend backend) {
        final MetricSample reused = new MetricSample();
        return run(job, context, timeline, backend, (input, at) -> {
            long newest = Long.MIN_VALUE;
            for (int i = 0; i < steps.size(); i++) {
                final Step step = steps.get(i);
                at[0] = Integer.toString(i);
                if (step.watermark()) {
                    input.emitWatermark(step.time());
                    continue;
                }
                input.publish(step.fill(reused), step.time());
                newest = Math.max(newest, step.time());
                if (bounded) {
                    input.emitWatermark(newest - BOUND - 1);
                }
            }
        });
    }

    private static List<String> run(final ReplayJob<MetricSample> job, final ReplayContext context, final boolean timeline,
            final StateBackend backend, final Feed feed) {
        final String[] at = {"0"};
        final StreamPipeline pipeline = StreamPipeline.named(job.name()).stateBackend(backend);
        final Publisher<MetricSample> capture = pipeline.publisher("capture");
        final RowPrinter printer = new RowPrinter(OutputFormat.CSV, job.schema());
        final List<String> lines = new ArrayList<>();
        if (!timeline) {
            lines.add(printer.header());
        }
        final Sink<ResultRow> sink = (row, timestamp) -> lines.add(timeline ? at[0] + " " + printer.line(row) : printer.line(row));
        job.results(pipeline.from(capture, WatermarkStrategy.explicit()), context).sink(sink);
        try (DeterministicPipeline running = pipeline.startDeterministic(new VirtualClock(0))) {
            feed.into(capture, at);
            at[0] = "end";
            capture.end();
            running.runToEnd();
        }
        return lines;
    }
}
