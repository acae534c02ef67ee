package dev.weir.jobs.scenario;

import dev.weir.pipelines.record.ScenarioRecord;

/**
 * A job file's pipeline being fed an element file's rows ({@link ScenarioPipeline}, on the
 * deterministic or the threaded scheduler). Rows come in file order from one thread; then
 * {@link #finish()}, the closing line and the diagnostics. Not thread-safe.
 */
public interface ScenarioRun extends AutoCloseable {
    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param record the record
     */
    void record(long atMillis, int channel, ScenarioRecord record);

    /**
     * @param atMillis processing time of the row
     * @param channel the channel
     * @param watermark an explicit watermark
     */
    void watermark(long atMillis, int channel, long watermark);

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing idleness
     */
    void idle(long atMillis, int channel);

    /**
     * @param atMillis processing time of the row
     * @param channel the channel announcing activity
     */
    void active(long atMillis, int channel);

    /**
     * @param atMillis processing time of the row
     * @param channel the channel that ends
     */
    void end(long atMillis, int channel);

    /** After the last row: every line the rows produce is out once this returns. */
    void finish();

    /** @return the {@code # lateDropped=N} closing line; after {@link #finish()} */
    String summaryLine();

    /** @return a note on a channel that stalls the window operator's watermark, or null; after {@link #finish()} */
    String stalledChannelNote();

    /** Releases threads and resources; idempotent. Lines produced before a failure are still flushed. */
    @Override
    void close();
}
