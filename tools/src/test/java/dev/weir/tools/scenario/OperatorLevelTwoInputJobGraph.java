package dev.weir.tools.scenario;

import dev.weir.event.WatermarkSink;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OneInputOperator;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorStatistics;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.operator.TwoInputOperator;
import dev.weir.operator.IntervalJoinOperator;
import dev.weir.jobs.file.InputSpec;
import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.file.JoinKind;
import dev.weir.jobs.file.JoinSpec;
import dev.weir.jobs.scenario.EmissionAfterEveryRecord;
import dev.weir.jobs.scenario.JoinLineFunction;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.jobs.scenario.ScenarioLines;
import dev.weir.jobs.scenario.ScenarioOperators;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.TaggedScenarioRecord;
import dev.weir.jobs.scenario.TwoInputJob;
import dev.weir.jobs.scenario.TwoInputJobGraph;
import dev.weir.jobs.scenario.TwoInputValveLineOperator;
import dev.weir.jobs.scenario.WatermarkStampOperator;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.StateBackend;
import dev.weir.time.ChannelWatermarkOutput;
import dev.weir.clock.VirtualClock;
import dev.weir.time.WatermarkGenerator;
import dev.weir.time.WatermarkStrategy;
import dev.weir.valve.ValveDiagnosis;
import dev.weir.valve.WatermarkValve;
import java.util.function.Consumer;

/**
 * An operator-level model of the two-input graph, without the runtime's scheduling: the job's operators driven by
 * hand on one thread, as the deterministic scheduler would. Each channel has its input's generator (the
 * scenario's interval 0 emits after every record) and a {@link ChannelWatermarkOutput}; no join and the
 * interval join go through the engine's {@link TwoInputOperatorInput} (a valve per input, then the
 * two-input rule), the window join through one {@link WatermarkValve} over the left channels, then the right
 * ones (the union rule). Ticks are the union of both inputs' schedules; at a tick the clock is set once
 * (processing-time timers fire), then the left channels emit in channel order, then the right ones.
 */
final class OperatorLevelTwoInputJobGraph implements TwoInputJobGraph {
    private static final OutputTag<ScenarioRecord> LEFT_LATE = new OutputTag<>("left-late");
    private static final OutputTag<ScenarioRecord> RIGHT_LATE = new OutputTag<>("right-late");

    @Override
    public TwoInputJob start(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend, final boolean threaded) {
        return new Job(job, lines, stateBackend);
    }

    /** Where a channel's watermarks and statuses go: a two-input valve slot or a union valve slot. */
    private interface Slots {
        void watermark(ScenarioInput input, int channel, long watermark);

        void status(ScenarioInput input, int channel, WatermarkStatus status);
    }

    private static final class Job implements TwoInputJob {
        private final VirtualClock clock = new VirtualClock(0);
        private final Consumer<String> lines;
        private final long[] intervals = new long[2];
        private final long[] nextTicks = new long[2];
        private final WatermarkGenerator<ScenarioRecord>[][] generators;
        private final ChannelWatermarkOutput[][] outputs;
        private final boolean[][] ended;
        private final OperatorStatistics statistics;
        private TwoInputOperator<ScenarioRecord, ScenarioRecord, String> twoInput;
        private TwoInputOperatorInput<ScenarioRecord, ScenarioRecord> twoInputs;
        private OneInputOperator<TaggedScenarioRecord, String> window;
        private WatermarkValve union;

        @SuppressWarnings("unchecked")
        Job(final JobSpec job, final Consumer<String> lines, final StateBackend stateBackend) {
            this.lines = lines;
            final InputSpec[] inputs = {job.left(), job.right()};
            this.generators = new WatermarkGenerator[2][];
            this.outputs = new ChannelWatermarkOutput[2][];
            this.ended = new boolean[2][];
            final JoinSpec join = job.join();
            final OperatorContext context = new OperatorContext("join", clock, 0, 1, 128, stateBackend);
            final Slots slots;
            if (join != null && join.kind() == JoinKind.WINDOW) {
                window = ScenarioOperators.windowJoinOperator(join.window()).create();
                window.open(context, lineOutput());
                statistics = (OperatorStatistics) window;
                final int leftChannels = job.left().channels();
                union = new WatermarkValve(leftChannels + job.right().channels(), new WatermarkSink() {
                    @Override
                    public void watermark(final long watermark) {
                        window.processWatermark(watermark);
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                        window.processStatus(status);
                    }
                });
                slots = new Slots() {
                    @Override
                    public void watermark(final ScenarioInput input, final int channel, final long watermark) {
                        union.inputWatermark(watermark, slot(input, channel, leftChannels));
                    }

                    @Override
                    public void status(final ScenarioInput input, final int channel, final WatermarkStatus status) {
                        union.inputStatus(status, slot(input, channel, leftChannels));
                    }
                };
            } else {
                if (join == null) {
                    twoInput = new TwoInputValveLineOperator();
                    twoInput.open(context, lineOutput());
                    statistics = null;
                } else {
                    final IntervalJoinOperator<String, ScenarioRecord, ScenarioRecord, String> interval = new IntervalJoinOperator<>(
                            ScenarioRecord::key, ScenarioRecord::key, join.lowerBoundMillis(), join.upperBoundMillis(),
                            !join.lowerBoundExclusive(), !join.upperBoundExclusive(), join.sideOutputLateData() ? LEFT_LATE : null,
                            join.sideOutputLateData() ? RIGHT_LATE : null, new JoinLineFunction());
                    final WatermarkStampOperator stamp = new WatermarkStampOperator();
                    stamp.open(context, lineOutput());
                    interval.open(context, new Output<>() {
                        @Override
                        public void record(final String value, final long timestamp) {
                            stamp.processRecord(value, timestamp);
                        }

                        @Override
                        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                            lines.accept(ScenarioLines.late(tag.equals(LEFT_LATE) ? ScenarioInput.LEFT : ScenarioInput.RIGHT,
                                    (ScenarioRecord) value));
                        }

                        @Override
                        public void watermark(final long watermark) {
                            stamp.processWatermark(watermark);
                        }

                        @Override
                        public void status(final WatermarkStatus status) {
                            stamp.processStatus(status);
                        }
                    });
                    twoInput = interval;
                    statistics = interval;
                }
                twoInputs = new TwoInputOperatorInput<>(twoInput, job.left().channels(), job.right().channels());
                slots = new Slots() {
                    @Override
                    public void watermark(final ScenarioInput input, final int channel, final long watermark) {
                        twoInputs.watermark(input.number(), channel, watermark);
                    }

                    @Override
                    public void status(final ScenarioInput input, final int channel, final WatermarkStatus status) {
                        twoInputs.status(input.number(), channel, status);
                    }
                };
            }
            for (final ScenarioInput input : ScenarioInput.values()) {
                final InputSpec spec = inputs[input.ordinal()];
                final WatermarkStrategy<ScenarioRecord> strategy = ScenarioOperators.watermarkStrategy(spec.watermarks());
                final long interval = spec.watermarks().intervalMillis();
                intervals[input.ordinal()] = interval;
                nextTicks[input.ordinal()] = interval > 0 ? interval : Long.MAX_VALUE;
                generators[input.ordinal()] = new WatermarkGenerator[spec.channels()];
                outputs[input.ordinal()] = new ChannelWatermarkOutput[spec.channels()];
                ended[input.ordinal()] = new boolean[spec.channels()];
                for (int channel = 0; channel < spec.channels(); channel++) {
                    final WatermarkGenerator<ScenarioRecord> generator = strategy.createGenerator(clock);
                    generators[input.ordinal()][channel] = interval > 0 ? generator : new EmissionAfterEveryRecord<>(generator);
                    final int slot = channel;
                    outputs[input.ordinal()][channel] = new ChannelWatermarkOutput(new WatermarkSink() {
                        @Override
                        public void watermark(final long watermark) {
                            slots.watermark(input, slot, watermark);
                        }

                        @Override
                        public void status(final WatermarkStatus status) {
                            slots.status(input, slot, status);
                        }
                    });
                }
            }
        }

        private static int slot(final ScenarioInput input, final int channel, final int leftChannels) {
            return input == ScenarioInput.LEFT ? channel : leftChannels + channel;
        }

        private Output<String> lineOutput() {
            return new Output<>() {
                @Override
                public void record(final String value, final long timestamp) {
                    lines.accept(value);
                }

                @Override
                public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                    throw new AssertionError("no side output here: " + tag);
                }

                @Override
                public void watermark(final long watermark) {
                    // the end of the line
                }

                @Override
                public void status(final WatermarkStatus status) {
                    // the end of the line
                }
            };
        }

        @Override
        public void advanceTo(final long millis) {
            for (long tick = Math.min(nextTicks[0], nextTicks[1]); tick <= millis; tick = Math.min(nextTicks[0], nextTicks[1])) {
                setTime(tick);
                for (final ScenarioInput input : ScenarioInput.values()) {
                    final int side = input.ordinal();
                    if (nextTicks[side] == tick) {
                        for (int channel = 0; channel < generators[side].length; channel++) {
                            if (!ended[side][channel]) {
                                generators[side][channel].onPeriodicEmit(outputs[side][channel]);
                            }
                        }
                        nextTicks[side] = tick > Long.MAX_VALUE - intervals[side] ? Long.MAX_VALUE : tick + intervals[side];
                    }
                }
            }
            setTime(millis);
        }

        private void setTime(final long millis) {
            if (millis > clock.millis()) {
                clock.advanceTo(millis);
                if (window != null) {
                    window.advanceProcessingTime(millis);
                } else {
                    twoInput.advanceProcessingTime(millis);
                }
            }
        }

        @Override
        public void record(final ScenarioInput input, final int channel, final ScenarioRecord record) {
            if (window != null) {
                window.processRecord(new TaggedScenarioRecord(input, record), record.timestamp());
            } else if (input == ScenarioInput.LEFT) {
                twoInputs.record1(record, record.timestamp());
            } else {
                twoInputs.record2(record, record.timestamp());
            }
            generators[input.ordinal()][channel].onEvent(record, record.timestamp(), outputs[input.ordinal()][channel]);
        }

        @Override
        public void watermark(final ScenarioInput input, final int channel, final long watermark) {
            outputs[input.ordinal()][channel].emitWatermark(watermark);
        }

        @Override
        public void idle(final ScenarioInput input, final int channel) {
            outputs[input.ordinal()][channel].markIdle();
        }

        @Override
        public void active(final ScenarioInput input, final int channel) {
            outputs[input.ordinal()][channel].markActive();
        }

        @Override
        public void end(final ScenarioInput input, final int channel) {
            ended[input.ordinal()][channel] = true;
            outputs[input.ordinal()][channel].emitWatermark(Long.MAX_VALUE);
        }

        @Override
        public void finish(final boolean everyChannelEnded) {
            if (everyChannelEnded) {
                setTime(Long.MAX_VALUE);
                if (window != null) {
                    window.endInput();
                } else {
                    twoInput.endInput();
                }
            }
        }

        @Override
        public long lateDropped() {
            return statistics == null ? 0 : statistics.lateRecordsDropped();
        }

        @Override
        public String stalledNote() {
            return window != null ? ValveDiagnosis.stalledChannel(union) : twoInputs.stalledInput();
        }

        @Override
        public void close() {
            if (window != null) {
                window.close();
            } else {
                twoInput.close();
            }
        }
    }
}
