package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.io.PushingAsyncDataInput;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * What one channel of a window join's input sends to the one valve over all channels of both
 * inputs (docs/scenarios.md, "Two inputs"): a watermark, or IDLE, or ACTIVE, as a record with a key
 * no element file has, one per subtask of the window's task, routed there by its key
 * ({@link RowDone#routingKeys}). The record's timestamp field holds the watermark, its value the
 * channel's slot in the valve (the left channels, then the right ones) and the kind. Stateless.
 */
final class ChannelMarks {
    private static final String KEY = "\u0000channel";
    private static final int KINDS = 3;
    private static final int WATERMARK = 0;
    private static final int IDLE = 1;
    private static final int ACTIVE = 2;

    private ChannelMarks() {
    }

    /**
     * @param subtasks the parallelism of the window's task
     * @return a key per subtask, the one at index {@code i} routed to subtask {@code i}
     */
    static String[] keys(final int subtasks) {
        return RowDone.routingKeys(KEY, subtasks);
    }

    /**
     * @param key a subtask's key ({@link #keys})
     * @param slot the channel's slot in the valve
     * @param watermark the channel's watermark
     * @return the mark
     */
    static ScenarioRecord watermark(final String key, final int slot, final long watermark) {
        return new ScenarioRecord(key, watermark, (long) slot * KINDS + WATERMARK);
    }

    /**
     * @param key a subtask's key ({@link #keys})
     * @param slot the channel's slot in the valve
     * @param status the channel's new status
     * @return the mark
     */
    static ScenarioRecord status(final String key, final int slot, final WatermarkStatus status) {
        return new ScenarioRecord(key, 0, (long) slot * KINDS + (status.isIdle() ? IDLE : ACTIVE));
    }

    /**
     * @param record a record reaching the window's task
     * @return whether it is a channel's mark
     */
    static boolean is(final ScenarioRecord record) {
        return record.key().startsWith(KEY);
    }

    /**
     * Hands a mark to the valve.
     *
     * @param mark a channel's mark
     * @param valve the valve over all channels of both inputs
     * @param output what leaves the valve
     * @throws Exception if the output fails
     */
    static void apply(final ScenarioRecord mark, final StatusWatermarkValve valve, final PushingAsyncDataInput.DataOutput<?> output)
            throws Exception {
        final int slot = (int) (mark.value() / KINDS);
        switch ((int) (mark.value() % KINDS)) {
            case WATERMARK:
                valve.inputWatermark(new Watermark(mark.timestamp()), slot, output);
                break;
            case IDLE:
                valve.inputWatermarkStatus(WatermarkStatus.IDLE, slot, output);
                break;
            default:
                valve.inputWatermarkStatus(WatermarkStatus.ACTIVE, slot, output);
                break;
        }
    }
}
