package dev.weir.metrics;

/**
 * The JMX view of one task (one operator-chain instance), registered as
 * {@code dev.weir:type=Operator,pipeline=<pipeline>,task=<task>} while its pipeline runs
 * (docs/semantics.md §6). Every read takes a fresh snapshot; see {@link TaskMetrics} for meanings.
 * Watermarks are milliseconds, {@code Long.MIN_VALUE} when none arrived yet. Per-channel
 * attributes are arrays in valve order.
 */
public interface OperatorMBean {
    /** @return the pipeline's name */
    String getPipeline();

    /** @return the task's name */
    String getTask();

    /** @return the stage's name */
    String getStage();

    /** @return the instance index */
    int getInstance();

    /** @return the chain's operator names, in order */
    String[] getOperators();

    /** @return the thread's name, or null on an application's publishing thread */
    String getThread();

    /** @return true while the thread is alive */
    boolean isRunning();

    /** @return the idle strategy, or null */
    String getIdleStrategy();

    /** @return the pinned CPU, or -1 */
    int getCpu();

    /** @return records that entered the chain */
    long getRecordsIn();

    /** @return records that left the chain */
    long getRecordsOut();

    /** @return the watermark that entered the chain */
    long getInputWatermark();

    /** @return the watermark that left the chain */
    long getOutputWatermark();

    /** @return processing time minus the input watermark, in ms */
    long getWatermarkLagMillis();

    /** @return late records dropped, summed over the chain */
    long getLateRecordsDropped();

    /** @return late records sent to the side output, summed over the chain */
    long getLateRecordsSideOutput();

    /** @return pending timers, summed over the chain */
    long getPendingTimers();

    /** @return keyed state entries, summed over the chain */
    long getStateEntries();

    /** @return off-heap bytes of keyed state, summed over the chain */
    long getStateOffHeapBytes();

    /** @return the input channels' names */
    String[] getChannelNames();

    /** @return each input channel's watermark */
    long[] getChannelWatermarks();

    /** @return each input channel's status, ACTIVE or IDLE */
    String[] getChannelStatuses();

    /** @return whether each input channel takes part in the valve's minimum */
    boolean[] getChannelAligned();

    /** @return the index of the channel that holds the valve's minimum, or -1 */
    int getMinimumChannel();

    /** @return processing time since which that channel holds the minimum, or {@code Long.MIN_VALUE} */
    long getMinimumSinceMillis();

    /** @return each input ring's occupancy */
    long[] getChannelOccupancy();

    /** @return how often a write of each input ring's producer found the ring full */
    long[] getChannelProducerWaits();

    /** @return the input (1 or 2) of each input ring of a two-input task; 0 for each ring of a one-input task */
    int[] getChannelInputs();

    /** @return each input's watermark (input 1, then input 2) of a two-input task; empty for a one-input task */
    long[] getInputWatermarks();

    /** @return each input's status (ACTIVE or IDLE) of a two-input task; empty for a one-input task */
    String[] getInputStatuses();

    /** @return the records taken from each input of a two-input task; empty for a one-input task */
    long[] getInputRecordsIn();

    /** @return the input (1 or 2) that holds a two-input task's combined watermark, 0 for a one-input task */
    int getMinimumInput();
}
