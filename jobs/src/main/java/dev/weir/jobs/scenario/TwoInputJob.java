package dev.weir.jobs.scenario;

import dev.weir.pipelines.record.ScenarioRecord;

/**
 * A started two-input pipeline ({@link TwoInputJobGraph#start}), fed row by row from one thread. Processing
 * time is virtual: {@link #advanceTo} runs, on the way, every tick of both inputs' periodic emission (the union
 * of both schedules; at a tick the due channels of the left input emit in channel order, then those of the
 * right) and every timer due. Not thread-safe.
 */
public interface TwoInputJob extends AutoCloseable {
    /**
     * @param millis a row's processing time, not before the previous row's
     */
    void advanceTo(long millis);

    /**
     * A record to the operator, then to its channel's watermark generator.
     *
     * @param input the input
     * @param channel the channel of that input
     * @param record the record
     */
    void record(ScenarioInput input, int channel, ScenarioRecord record);

    /**
     * @param input the input
     * @param channel the channel of that input
     * @param watermark an explicit watermark, straight to the channel's output
     */
    void watermark(ScenarioInput input, int channel, long watermark);

    /**
     * @param input the input
     * @param channel the channel announcing IDLE
     */
    void idle(ScenarioInput input, int channel);

    /**
     * @param input the input
     * @param channel the channel announcing ACTIVE
     */
    void active(ScenarioInput input, int channel);

    /**
     * The channel emits MAX and its generator stops; called once per channel.
     *
     * @param input the input
     * @param channel the channel that ends
     */
    void end(ScenarioInput input, int channel);

    /**
     * After the last row. When every channel of both inputs ended, processing time jumps to
     * {@code Long.MAX_VALUE} (every timer fires) and the pipeline runs to its end; otherwise it runs until it
     * caught up with every row.
     *
     * @param everyChannelEnded whether every channel of both inputs ended
     * @throws dev.weir.runtime.PipelineExecutionException if a task failed
     */
    void finish(boolean everyChannelEnded);

    /** @return the records dropped as late without a side output, over every instance; after {@link #finish} */
    long lateDropped();

    /** @return a note on an input (or channel) that holds the operator's watermark at MIN, or null; after {@link #finish} */
    String stalledNote();

    /** Releases threads and resources; idempotent. Lines produced before a failure are still out. */
    @Override
    void close();
}
