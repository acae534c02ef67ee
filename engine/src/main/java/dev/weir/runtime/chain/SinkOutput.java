package dev.weir.runtime.chain;

import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.sink.Sink;

/**
 * The end of a task's chain that hands records to a {@link Sink}: one per parallel instance of
 * the last stage, each with its instance's sink ({@link Sink#instance}) and all sharing one
 * {@link SinkInstances}. Called on the
 * instance's thread only.
 *
 * @param <T> the record type
 */
public final class SinkOutput<T> implements ChainEnd<T> {
    private final Sink<? super T> sink;
    private final SideOutputs sideOutputs;
    private final SinkInstances instances;
    private long recordsOut;

    /**
     * The output of a sink's only instance.
     *
     * @param sink the sink
     * @param sideOutputs where side-output records go
     */
    public SinkOutput(final Sink<? super T> sink, final SideOutputs sideOutputs) {
        this(sink, sideOutputs, new SinkInstances(sink, 1));
    }

    /**
     * The output of one of a sink's parallel instances.
     *
     * @param sink this instance's sink ({@link Sink#instance}; by default the pipeline's sink,
     *     shared by every instance)
     * @param sideOutputs where side-output records go
     * @param instances the sink's instances, shared by every instance's output
     */
    public SinkOutput(final Sink<? super T> sink, final SideOutputs sideOutputs, final SinkInstances instances) {
        this.sink = sink;
        this.sideOutputs = sideOutputs;
        this.instances = instances;
    }

    @Override
    public void record(final T value, final long timestamp) {
        recordsOut++;
        sink.accept(value, timestamp);
    }

    @Override
    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
        sideOutputs.emit(tag, value, timestamp);
    }

    @Override
    public void watermark(final long watermark) {
        sink.watermark(watermark);
    }

    @Override
    public void status(final WatermarkStatus status) {
        // a sink has no use for status
    }

    @Override
    public void barrier(final long checkpointId) {
        sink.checkpoint(checkpointId);
    }

    @Override
    public void end() {
        sink.finish();
        instances.instanceFinished();
    }

    @Override
    public void close() {
        sink.close();
    }

    @Override
    public void flush() {
        // the sink got each record at once
    }

    /** @return records handed to the sink */
    public long recordsOut() {
        return recordsOut;
    }
}
