package dev.weir.pipelines.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.job.WatermarkSpec;
import dev.weir.runtime.DeterministicDriver;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import dev.weir.runtime.OperatorInput;
import dev.weir.valve.ValveDiagnosis;
import dev.weir.window.WindowOperator;
import java.util.function.Consumer;

/**
 * A job file's pipeline on the deterministic driver: channels with the job's watermark
 * strategy, then either the keyed window operator (printing {@code FIRE} and {@code LATE}
 * lines) or nothing (printing the {@code WM} and {@code STATUS} lines that leave the valve).
 * Feed it an element file's rows in order, then call {@link #finish()}. Every line is out as
 * soon as the row that produces it returns.
 */
public final class ScenarioPipeline implements ScenarioRun {
    private final DeterministicDriver<ScenarioRecord, String> driver;
    private final boolean windowed;

    /**
     * A scenario on the heap state backend.
     *
     * @param job the job
     * @param lines receives each canonical output line
     */
    public ScenarioPipeline(final JobSpec job, final Consumer<String> lines) {
        this(job, lines, HeapStateBackend.INSTANCE);
    }

    /**
     * @param job the job
     * @param lines receives each canonical output line
     * @param stateBackend where the window operator's keyed state lives
     */
    public ScenarioPipeline(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
        this.windowed = job.window() != null;
        final WatermarkSpec watermarks = job.watermarks();
        this.driver = DeterministicDriver.<ScenarioRecord, String>builder()
                .channels(job.channels())
                .watermarks(ScenarioOperators.watermarkStrategy(watermarks))
                .emitAfterEveryRecord(watermarks.intervalMillis() == 0)
                .keyBy(ScenarioRecord::key)
                .parallelism(windowed ? job.parallelism() : 1)
                .operator(windowed ? "window" : "valve", windowed ? ScenarioOperators.windowOperator(job.window()) : ValveOutputOperator::new)
                .stateBackend(stateBackend)
                .sink(new LineOutput(lines, windowed))
                .build();
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param record the record
     */
    @Override
    public void record(final long atMillis, final int channel, final ScenarioRecord record) {
        driver.record(atMillis, channel, record, record.timestamp());
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param watermark an explicit watermark
     */
    @Override
    public void watermark(final long atMillis, final int channel, final long watermark) {
        driver.watermark(atMillis, channel, watermark);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing idleness
     */
    @Override
    public void idle(final long atMillis, final int channel) {
        driver.idle(atMillis, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing activity
     */
    @Override
    public void active(final long atMillis, final int channel) {
        driver.active(atMillis, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel that ends
     */
    @Override
    public void end(final long atMillis, final int channel) {
        driver.end(atMillis, channel);
    }

    /**
     * @param channel a channel index
     * @return true if the job has that channel
     */
    public boolean hasChannel(final int channel) {
        return channel >= 0 && channel < channelCount();
    }

    private int channelCount() {
        return driver.instances().get(0).valve().channels();
    }

    /** @return the records dropped as late over every window operator instance */
    public long lateDropped() {
        long dropped = 0;
        for (final OperatorInput<ScenarioRecord> instance : driver.instances()) {
            if (instance.operator() instanceof WindowOperator) {
                dropped += ((WindowOperator<?, ?, ?, ?>) instance.operator()).lateRecordsDropped();
            }
        }
        return dropped;
    }

    /** @return the driver, for diagnostics */
    public DeterministicDriver<ScenarioRecord, String> driver() {
        return driver;
    }

    /** @return the {@code # lateDropped=N} closing line */
    @Override
    public String summaryLine() {
        return ScenarioLines.summary(lateDropped());
    }

    /** Nothing to wait for: the driver runs each row to its end. */
    @Override
    public void finish() {
        // every line is already out
    }

    @Override
    public String stalledChannelNote() {
        return ValveDiagnosis.stalledChannel(driver.instances().get(0).valve());
    }

    @Override
    public void close() {
        driver.close();
    }

    /** Formats what reaches the sink as canonical lines. */
    private static final class LineOutput implements Output<String> {
        private final Consumer<String> lines;
        private final boolean windowed;

        LineOutput(final Consumer<String> lines, final boolean windowed) {
            this.lines = lines;
            this.windowed = windowed;
        }

        @Override
        public void record(final String value, final long timestamp) {
            lines.accept(value);
        }

        @Override
        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
            lines.accept(ScenarioLines.late((ScenarioRecord) value));
        }

        @Override
        public void watermark(final long watermark) {
            if (!windowed) {
                lines.accept(ScenarioLines.watermark(watermark));
            }
        }

        @Override
        public void status(final WatermarkStatus status) {
            if (!windowed) {
                lines.accept(ScenarioLines.status(status));
            }
        }
    }
}
