package dev.weir.flink.scenario;

import dev.weir.pipelines.record.ScenarioRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.streaming.api.operators.source.WatermarkToDataOutput;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * The channels of one input of a two-input scenario job as parallel source instances, which is
 * what a job file's channels are (docs/scenarios.md): each channel's watermarks and status go
 * through Flink's own {@link WatermarkToDataOutput}, as a source subtask's output does (only
 * rising watermarks, an idle channel active again with a higher one), each emission on its own.
 * For an interval join or no join, Flink's own {@link StatusWatermarkValve} combines the input's
 * channels, as the input of an operator behind such subtasks does (the minimum over active,
 * aligned channels, when it rises; idle when all are), into the reader's output of the current
 * poll. For a window join the channels' watermarks and status go on as {@link ChannelMarks}, to
 * the one valve over every channel of both inputs in the window's task ({@link WindowJoinHead}).
 * Not thread-safe: the source reader's thread.
 */
final class ParallelChannels {
    private final List<WatermarkOutput> channels = new ArrayList<>();
    private final StatusWatermarkValve valve;
    private final ValveOutput combined = new ValveOutput();
    private final String[] markKeys;
    private SourceOutput<ScenarioRecord> records;

    private ParallelChannels(final int channels, final int firstSlot, final int subtasks) {
        this.valve = subtasks == 0 ? new StatusWatermarkValve(channels) : null;
        this.markKeys = subtasks == 0 ? null : ChannelMarks.keys(subtasks);
        for (int channel = 0; channel < channels; channel++) {
            this.channels.add(new WatermarkToDataOutput(subtasks == 0 ? new ToValve(channel) : new ToMarks(firstSlot + channel)));
        }
    }

    /**
     * @param channels the input's number of channels, 1 or more
     * @return the channels, combined here (an interval join, or no join)
     */
    static ParallelChannels combined(final int channels) {
        return new ParallelChannels(channels, 0, 0);
    }

    /**
     * @param channels the input's number of channels, 1 or more
     * @param firstSlot the slot of its channel 0 in the window join's valve (the left channels come first)
     * @param subtasks the parallelism of the window's task, each of which gets every mark
     * @return the channels, sent on as marks (a window join)
     */
    static ParallelChannels marked(final int channels, final int firstSlot, final int subtasks) {
        return new ParallelChannels(channels, firstSlot, subtasks);
    }

    /**
     * @param channel a channel
     * @return the output its generator and its rows write to
     */
    WatermarkOutput channel(final int channel) {
        return channels.get(channel);
    }

    /**
     * @param output the reader's output of this poll: where the combined watermark and status, or the marks, go
     */
    void emitTo(final SourceOutput<ScenarioRecord> output) {
        combined.target = output;
        records = output;
    }

    /** A channel's subtask output, feeding its slot of the input's valve. */
    private final class ToValve extends WatermarksOnlyOutput {
        private final int channel;

        ToValve(final int channel) {
            this.channel = channel;
        }

        @Override
        public void emitWatermark(final Watermark watermark) throws Exception {
            valve.inputWatermark(watermark, channel, combined);
        }

        @Override
        public void emitWatermarkStatus(final WatermarkStatus status) throws Exception {
            valve.inputWatermarkStatus(status, channel, combined);
        }
    }

    /** A channel's subtask output, sent as marks to every subtask of the window's task. */
    private final class ToMarks extends WatermarksOnlyOutput {
        private final int slot;

        ToMarks(final int slot) {
            this.slot = slot;
        }

        @Override
        public void emitWatermark(final Watermark watermark) {
            for (final String key : markKeys) {
                records.collect(ChannelMarks.watermark(key, slot, watermark.getTimestamp()));
            }
        }

        @Override
        public void emitWatermarkStatus(final WatermarkStatus status) {
            for (final String key : markKeys) {
                records.collect(ChannelMarks.status(key, slot, status));
            }
        }
    }

    /** What leaves the input's valve, to the reader's output. */
    private static final class ValveOutput extends WatermarksOnlyOutput {
        private WatermarkOutput target;

        @Override
        public void emitWatermark(final Watermark watermark) {
            target.emitWatermark(new org.apache.flink.api.common.eventtime.Watermark(watermark.getTimestamp()));
        }

        @Override
        public void emitWatermarkStatus(final WatermarkStatus status) {
            if (status.isIdle()) {
                target.markIdle();
            } else {
                target.markActive();
            }
        }
    }
}
