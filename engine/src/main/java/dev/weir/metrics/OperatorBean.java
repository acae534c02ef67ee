package dev.weir.metrics;

import java.util.List;
import java.util.function.Supplier;

/**
 * Implements {@link OperatorMBean} over snapshots of one task. Thread-safe: every getter takes
 * its own snapshot.
 */
public final class OperatorBean implements OperatorMBean {
    private final String pipeline;
    private final Supplier<TaskMetrics> snapshots;

    /**
     * @param pipeline the pipeline's name
     * @param snapshots takes a snapshot of the task, from any thread
     */
    public OperatorBean(final String pipeline, final Supplier<TaskMetrics> snapshots) {
        this.pipeline = pipeline;
        this.snapshots = snapshots;
    }

    private TaskMetrics task() {
        return snapshots.get();
    }

    @Override
    public String getPipeline() {
        return pipeline;
    }

    @Override
    public String getTask() {
        return task().name();
    }

    @Override
    public String getStage() {
        return task().stage();
    }

    @Override
    public int getInstance() {
        return task().instance();
    }

    @Override
    public String[] getOperators() {
        final List<OperatorMetrics> operators = task().operators();
        final String[] names = new String[operators.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = operators.get(i).name();
        }
        return names;
    }

    @Override
    public String getThread() {
        return task().thread();
    }

    @Override
    public boolean isRunning() {
        return task().running();
    }

    @Override
    public String getIdleStrategy() {
        return task().idleStrategy();
    }

    @Override
    public int getCpu() {
        return task().cpu();
    }

    @Override
    public long getRecordsIn() {
        return task().recordsIn();
    }

    @Override
    public long getRecordsOut() {
        return task().recordsOut();
    }

    @Override
    public long getInputWatermark() {
        return task().inputWatermark();
    }

    @Override
    public long getOutputWatermark() {
        return task().outputWatermark();
    }

    @Override
    public long getWatermarkLagMillis() {
        return task().watermarkLagMillis();
    }

    @Override
    public long getLateRecordsDropped() {
        long sum = 0;
        for (final OperatorMetrics operator : task().operators()) {
            sum += operator.lateRecordsDropped();
        }
        return sum;
    }

    @Override
    public long getLateRecordsSideOutput() {
        long sum = 0;
        for (final OperatorMetrics operator : task().operators()) {
            sum += operator.lateRecordsSideOutput();
        }
        return sum;
    }

    @Override
    public long getPendingTimers() {
        long sum = 0;
        for (final OperatorMetrics operator : task().operators()) {
            sum += operator.pendingTimers();
        }
        return sum;
    }

    @Override
    public long getStateEntries() {
        long sum = 0;
        for (final OperatorMetrics operator : task().operators()) {
            sum += operator.stateEntries();
        }
        return sum;
    }

    @Override
    public long getStateOffHeapBytes() {
        long sum = 0;
        for (final OperatorMetrics operator : task().operators()) {
            sum += operator.stateOffHeapBytes();
        }
        return sum;
    }

    @Override
    public String[] getChannelNames() {
        final List<ChannelMetrics> inputs = task().inputs();
        final String[] names = new String[inputs.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = inputs.get(i).name();
        }
        return names;
    }

    @Override
    public long[] getChannelWatermarks() {
        final List<ChannelMetrics> inputs = task().inputs();
        final long[] watermarks = new long[inputs.size()];
        for (int i = 0; i < watermarks.length; i++) {
            watermarks[i] = inputs.get(i).watermark();
        }
        return watermarks;
    }

    @Override
    public String[] getChannelStatuses() {
        final List<ChannelMetrics> inputs = task().inputs();
        final String[] statuses = new String[inputs.size()];
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] = inputs.get(i).status().name();
        }
        return statuses;
    }

    @Override
    public boolean[] getChannelAligned() {
        final List<ChannelMetrics> inputs = task().inputs();
        final boolean[] aligned = new boolean[inputs.size()];
        for (int i = 0; i < aligned.length; i++) {
            aligned[i] = inputs.get(i).aligned();
        }
        return aligned;
    }

    @Override
    public int getMinimumChannel() {
        final ChannelMetrics holder = task().minimumChannel();
        return holder == null ? -1 : holder.index();
    }

    @Override
    public long getMinimumSinceMillis() {
        final ChannelMetrics holder = task().minimumChannel();
        return holder == null ? Long.MIN_VALUE : holder.minimumSinceMillis();
    }

    @Override
    public long[] getChannelOccupancy() {
        final List<ChannelMetrics> inputs = task().inputs();
        final long[] occupancy = new long[inputs.size()];
        for (int i = 0; i < occupancy.length; i++) {
            occupancy[i] = inputs.get(i).occupancy();
        }
        return occupancy;
    }

    @Override
    public long[] getChannelProducerWaits() {
        final List<ChannelMetrics> inputs = task().inputs();
        final long[] waits = new long[inputs.size()];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = inputs.get(i).producerWaits();
        }
        return waits;
    }

    @Override
    public int[] getChannelInputs() {
        final List<ChannelMetrics> inputs = task().inputs();
        final int[] numbers = new int[inputs.size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = inputs.get(i).input();
        }
        return numbers;
    }

    @Override
    public long[] getInputWatermarks() {
        return task().twoInputs().stream().mapToLong(InputMetrics::watermark).toArray();
    }

    @Override
    public String[] getInputStatuses() {
        return task().twoInputs().stream().map(input -> input.status().name()).toArray(String[]::new);
    }

    @Override
    public long[] getInputRecordsIn() {
        return task().twoInputs().stream().mapToLong(InputMetrics::recordsIn).toArray();
    }

    @Override
    public int getMinimumInput() {
        return task().twoInputs().stream().filter(InputMetrics::holdsMinimum).mapToInt(InputMetrics::input).findFirst().orElse(0);
    }
}
