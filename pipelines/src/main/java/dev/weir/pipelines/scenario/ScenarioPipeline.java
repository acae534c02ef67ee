package dev.weir.pipelines.scenario;

import dev.weir.event.WatermarkStatus;
import dev.weir.event.Watermarks;
import dev.weir.operator.OperatorFactory;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.pipelines.job.JobSpec;
import dev.weir.pipelines.job.TriggerSpec;
import dev.weir.pipelines.job.WatermarkSpec;
import dev.weir.pipelines.job.WindowSpec;
import dev.weir.runtime.DeterministicDriver;
import dev.weir.runtime.OperatorInput;
import dev.weir.time.WatermarkStrategy;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.GlobalWindow;
import dev.weir.window.GlobalWindows;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeWindow;
import dev.weir.window.Trigger;
import dev.weir.window.TumblingEventTimeWindows;
import dev.weir.window.WindowAssigner;
import dev.weir.window.WindowOperator;
import dev.weir.window.WindowOperatorBuilder;
import java.util.function.Consumer;

/**
 * A job file's pipeline on the deterministic driver: channels with the job's watermark
 * strategy, then either the keyed window operator (printing {@code FIRE} and {@code LATE}
 * lines) or nothing (printing the {@code WM} and {@code STATUS} lines that leave the valve).
 * Feed it an element file's rows in order, then call {@link #finish()}.
 */
public final class ScenarioPipeline {
    private static final OutputTag<ScenarioRecord> LATE = new OutputTag<>("late");

    private final DeterministicDriver<ScenarioRecord, String> driver;
    private final boolean windowed;

    /**
     * @param job the job
     * @param lines receives each canonical output line
     */
    public ScenarioPipeline(final JobSpec job, final Consumer<String> lines) {
        this.windowed = job.window() != null;
        final WatermarkSpec watermarks = job.watermarks();
        this.driver = DeterministicDriver.<ScenarioRecord, String>builder()
                .channels(job.channels())
                .watermarks(strategy(watermarks))
                .emitAfterEveryRecord(watermarks.intervalMillis() == 0)
                .keyBy(ScenarioRecord::key)
                .parallelism(windowed ? job.parallelism() : 1)
                .operator(windowed ? "window" : "valve", windowed ? windowOperator(job.window()) : ValveOutputOperator::new)
                .sink(new LineOutput(lines, windowed))
                .build();
    }

    private static WatermarkStrategy<ScenarioRecord> strategy(final WatermarkSpec spec) {
        WatermarkStrategy<ScenarioRecord> strategy;
        switch (spec.kind()) {
            case BOUNDED_OUT_OF_ORDERNESS:
                strategy = WatermarkStrategy.forBoundedOutOfOrderness(spec.maxOutOfOrdernessMillis());
                break;
            case MONOTONOUS:
                strategy = WatermarkStrategy.forMonotonousTimestamps();
                break;
            case EXPLICIT:
                strategy = WatermarkStrategy.explicit();
                break;
            case NONE:
            default:
                strategy = WatermarkStrategy.noWatermarks();
                break;
        }
        strategy = strategy.withPeriodicInterval(spec.intervalMillis());
        if (spec.idlenessMillis() > 0) {
            strategy = strategy.withIdleness(spec.idlenessMillis());
        }
        return strategy;
    }

    private static OperatorFactory<ScenarioRecord, String> windowOperator(final WindowSpec spec) {
        switch (spec.kind()) {
            case TUMBLING:
                return timeWindows(spec, TumblingEventTimeWindows.of(spec.sizeMillis(), spec.offsetMillis()));
            case SLIDING:
                return timeWindows(spec, SlidingEventTimeWindows.of(spec.sizeMillis(), spec.slideMillis(), spec.offsetMillis()));
            case SESSION:
                return timeWindows(spec, EventTimeSessionWindows.withGap(spec.gapMillis()));
            case GLOBAL:
            default:
                final WindowOperatorBuilder<ScenarioRecord, String, GlobalWindow> global =
                        WindowOperatorBuilder.of(ScenarioRecord::key, GlobalWindows.create());
                if (spec.trigger() != null) {
                    global.trigger(countTrigger(spec.trigger()));
                }
                return lateness(global, spec).process(new FireLineFunction<>());
        }
    }

    private static OperatorFactory<ScenarioRecord, String> timeWindows(
            final WindowSpec spec, final WindowAssigner<ScenarioRecord, TimeWindow> assigner) {
        final WindowOperatorBuilder<ScenarioRecord, String, TimeWindow> builder = WindowOperatorBuilder.of(ScenarioRecord::key, assigner);
        final TriggerSpec trigger = spec.trigger();
        if (trigger != null) {
            switch (trigger.kind()) {
                case EVENT_TIME:
                    builder.trigger(EventTimeTrigger.create());
                    break;
                case PROCESSING_TIME:
                    builder.trigger(ProcessingTimeTrigger.create());
                    break;
                case CONTINUOUS_EVENT_TIME:
                    builder.trigger(ContinuousEventTimeTrigger.of(trigger.parameter()));
                    break;
                default:
                    builder.trigger(countTrigger(trigger));
                    break;
            }
        }
        return lateness(builder, spec).process(new FireLineFunction<>());
    }

    private static <W extends dev.weir.window.Window> Trigger<Object, W> countTrigger(final TriggerSpec trigger) {
        final CountTrigger<W> count = CountTrigger.of(trigger.parameter());
        if (trigger.kind() == TriggerSpec.Kind.PURGING_COUNT) {
            return PurgingTrigger.of(count);
        }
        if (trigger.kind() == TriggerSpec.Kind.COUNT) {
            return count;
        }
        throw new IllegalArgumentException("trigger " + trigger.kind() + " needs time windows");
    }

    private static <W extends dev.weir.window.Window> WindowOperatorBuilder<ScenarioRecord, String, W> lateness(
            final WindowOperatorBuilder<ScenarioRecord, String, W> builder, final WindowSpec spec) {
        builder.allowedLateness(spec.allowedLatenessMillis());
        if (spec.sideOutputLateData()) {
            builder.sideOutputLateData(LATE);
        }
        return builder;
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param record the record
     */
    public void record(final long atMillis, final int channel, final ScenarioRecord record) {
        driver.record(atMillis, channel, record, record.timestamp());
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param watermark an explicit watermark
     */
    public void watermark(final long atMillis, final int channel, final long watermark) {
        driver.watermark(atMillis, channel, watermark);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing idleness
     */
    public void idle(final long atMillis, final int channel) {
        driver.idle(atMillis, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing activity
     */
    public void active(final long atMillis, final int channel) {
        driver.active(atMillis, channel);
    }

    /**
     * @param atMillis processing time of the row
     * @param channel the channel that ends
     */
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
    public String summaryLine() {
        return "# lateDropped=" + lateDropped();
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
            final ScenarioRecord late = (ScenarioRecord) value;
            lines.accept("LATE key=" + late.key() + " ts=" + late.timestamp() + " value=" + late.value());
        }

        @Override
        public void watermark(final long watermark) {
            if (!windowed) {
                lines.accept("WM " + Watermarks.format(watermark));
            }
        }

        @Override
        public void status(final WatermarkStatus status) {
            if (!windowed) {
                lines.accept("STATUS " + status.name());
            }
        }
    }
}
