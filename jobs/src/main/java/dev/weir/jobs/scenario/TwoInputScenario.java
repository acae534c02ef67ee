package dev.weir.jobs.scenario;

import dev.weir.jobs.file.InputSpec;
import dev.weir.jobs.file.JobSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.state.StateBackend;
import java.util.function.Consumer;

/**
 * A two-input job file's pipeline being fed an element file's rows (docs/scenarios.md, "Two inputs"): each row
 * first moves processing time to its {@code at} (the ticks of both inputs on the way), then goes to its input's
 * channel; once every channel of both inputs has ended, {@link #finish()} lets processing time jump to
 * {@code Long.MAX_VALUE}. Rows come in file order from one thread. Not thread-safe.
 */
public final class TwoInputScenario implements AutoCloseable {
    private final TwoInputJob job;
    private final boolean[][] ended;
    private final int channels;
    private int endedChannels;
    private boolean finished;

    private TwoInputScenario(final JobSpec spec, final TwoInputJob job) {
        this.job = job;
        final InputSpec left = spec.left();
        final InputSpec right = spec.right();
        this.ended = new boolean[][] {new boolean[left.channels()], new boolean[right.channels()]};
        this.channels = left.channels() + right.channels();
    }

    /**
     * @param spec a two-input job
     * @param graph builds its pipeline
     * @param lines receives each canonical line
     * @param stateBackend where the keyed operator's state lives
     * @param threaded true for the threaded scheduler
     * @return the scenario, ready for the element file's rows
     * @throws IllegalArgumentException if the job has one input
     */
    public static TwoInputScenario start(final JobSpec spec, final TwoInputJobGraph graph, final Consumer<String> lines,
            final StateBackend stateBackend, final boolean threaded) {
        if (!spec.isTwoInput()) {
            throw new IllegalArgumentException("a one-input job: it has no 'inputs' section");
        }
        return new TwoInputScenario(spec, graph.start(spec, lines, stateBackend, threaded));
    }

    /**
     * @param atMillis processing time of the row
     * @param input the input
     * @param channel the channel of that input
     * @param record the record
     */
    public void record(final long atMillis, final ScenarioInput input, final int channel, final ScenarioRecord record) {
        job.advanceTo(atMillis);
        job.record(input, channel, record);
    }

    /**
     * @param atMillis processing time of the row
     * @param input the input
     * @param channel the channel of that input
     * @param watermark an explicit watermark
     */
    public void watermark(final long atMillis, final ScenarioInput input, final int channel, final long watermark) {
        job.advanceTo(atMillis);
        job.watermark(input, channel, watermark);
    }

    /**
     * @param atMillis processing time of the row
     * @param input the input
     * @param channel the channel announcing IDLE
     */
    public void idle(final long atMillis, final ScenarioInput input, final int channel) {
        job.advanceTo(atMillis);
        job.idle(input, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param input the input
     * @param channel the channel announcing ACTIVE
     */
    public void active(final long atMillis, final ScenarioInput input, final int channel) {
        job.advanceTo(atMillis);
        job.active(input, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param input the input
     * @param channel the channel that ends; a second end of one channel changes nothing
     */
    public void end(final long atMillis, final ScenarioInput input, final int channel) {
        job.advanceTo(atMillis);
        if (ended[input.ordinal()][channel]) {
            return;
        }
        ended[input.ordinal()][channel] = true;
        endedChannels++;
        job.end(input, channel);
    }

    /** @return true once every channel of both inputs has ended */
    public boolean everyChannelEnded() {
        return endedChannels == channels;
    }

    /**
     * After the last row: every line the rows produce is out once this returns.
     *
     * @throws dev.weir.runtime.PipelineExecutionException if a task failed
     */
    public void finish() {
        job.finish(everyChannelEnded());
        finished = true;
    }

    /** @return the {@code # lateDropped=N} closing line; after {@link #finish()} */
    public String summaryLine() {
        requireFinished();
        return ScenarioLines.summary(job.lateDropped());
    }

    /** @return a note on an input that holds the operator's watermark at MIN, or null; after {@link #finish()} */
    public String stalledNote() {
        requireFinished();
        return job.stalledNote();
    }

    private void requireFinished() {
        if (!finished) {
            throw new IllegalStateException("finish() the scenario first");
        }
    }

    @Override
    public void close() {
        job.close();
    }
}
