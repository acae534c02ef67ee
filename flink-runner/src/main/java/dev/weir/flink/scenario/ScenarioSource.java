package dev.weir.flink.scenario;

import dev.weir.flink.source.InstanceSplitEnumerator;
import dev.weir.time.WatermarkKind;
import dev.weir.jobs.file.WatermarkSpec;
import dev.weir.pipelines.record.ScenarioRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A bounded FLIP-27 source over a scenario's channels: one split holding the element rows of
 * every channel, emitted in file order by {@link ScenarioSourceReader} (records with their
 * timestamps, explicit watermarks, channel status, ends of channels), with each channel's
 * watermarks generated and combined by Flink's own classes on the scenario's processing time
 * ({@link ChannelWatermarks}). A channel without an end row never ends: the reader waits after
 * the last row, as a source whose input has paused. Meant for parallelism 1; a second reader gets
 * no split and ends at once. Immutable once built.
 */
public final class ScenarioSource implements Source<ScenarioRecord, ScenarioSplit, List<ScenarioSplit>> {
    private static final long serialVersionUID = 1L;

    private final ArrayList<ScenarioElement> elements;
    private final String boardId;
    // the job's watermarks section, field by field: WatermarkSpec is not serializable
    private final WatermarkKind watermarkKind;
    private final long maxOutOfOrdernessMillis;
    private final long intervalMillis;
    private final long idlenessMillis;
    private final int channels;
    /** -1 for a one-input job; 0 (left) or 1 (right) for one source of a two-input job. */
    private final int input;
    /** For a two-input job: the parallelism of the operator that meets both inputs, one marker per subtask. */
    private final int subtasks;
    /** For a window join: the slot of this input's channel 0 in the one valve over both inputs' channels; -1 otherwise. */
    private final int firstSlot;

    /**
     * @param elements the rows in file order; a channel without an {@link ScenarioElement.Kind#END} row never
     *     ends: the reader waits after the last row (the run then stops the job without draining)
     * @param boardId the run's board, told when a channel that never ends has emitted its rows
     * @param watermarks the job's watermarks section
     * @param channels the job's number of channels
     */
    ScenarioSource(final List<ScenarioElement> elements, final String boardId, final WatermarkSpec watermarks, final int channels) {
        this.elements = new ArrayList<>(elements);
        this.boardId = boardId;
        this.watermarkKind = watermarks.kind();
        this.maxOutOfOrdernessMillis = watermarks.maxOutOfOrdernessMillis();
        this.intervalMillis = watermarks.intervalMillis();
        this.idlenessMillis = watermarks.idlenessMillis();
        this.channels = channels;
        this.input = -1;
        this.subtasks = 1;
        this.firstSlot = -1;
    }

    /**
     * One source of a two-input job: reads every row, emits those of its input, and takes turns
     * with the other input's source ({@link LockStep}).
     *
     * @param elements the rows of both inputs in file order
     * @param boardId the run's board
     * @param watermarks the input's watermarks section
     * @param channels the input's number of channels
     * @param input 0 (left) or 1 (right)
     * @param subtasks the parallelism of the operator that meets both inputs: a step's markers, one per subtask ({@link RowDone})
     * @param firstSlot for a window join, the slot of this input's channel 0 in the one valve over both inputs' channels (the
     *     channels go on as {@link ChannelMarks}); -1 for an interval join or no join (the channels combined here)
     */
    ScenarioSource(final List<ScenarioElement> elements, final String boardId, final WatermarkSpec watermarks, final int channels,
            final int input, final int subtasks, final int firstSlot) {
        this.elements = new ArrayList<>(elements);
        this.boardId = boardId;
        this.watermarkKind = watermarks.kind();
        this.maxOutOfOrdernessMillis = watermarks.maxOutOfOrdernessMillis();
        this.intervalMillis = watermarks.intervalMillis();
        this.idlenessMillis = watermarks.idlenessMillis();
        this.channels = channels;
        this.input = input;
        this.subtasks = subtasks;
        this.firstSlot = firstSlot;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<ScenarioSplit, List<ScenarioSplit>> createEnumerator(final SplitEnumeratorContext<ScenarioSplit> context) {
        return new InstanceSplitEnumerator<>(context, List.of(new ScenarioSplit(0)));
    }

    @Override
    public SplitEnumerator<ScenarioSplit, List<ScenarioSplit>> restoreEnumerator(
            final SplitEnumeratorContext<ScenarioSplit> context, final List<ScenarioSplit> pending) {
        return new InstanceSplitEnumerator<>(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<ScenarioSplit> getSplitSerializer() {
        return ScenarioSplitSerializer.split();
    }

    @Override
    public SimpleVersionedSerializer<List<ScenarioSplit>> getEnumeratorCheckpointSerializer() {
        return ScenarioSplitSerializer.pending();
    }

    @Override
    public SourceReader<ScenarioRecord, ScenarioSplit> createReader(final SourceReaderContext context) {
        final WatermarkSpec spec = new WatermarkSpec(watermarkKind, maxOutOfOrdernessMillis, intervalMillis, idlenessMillis);
        if (input >= 0) {
            final ParallelChannels parallel = firstSlot < 0 ? ParallelChannels.combined(channels)
                    : ParallelChannels.marked(channels, firstSlot, subtasks);
            final ChannelWatermarks watermarks = new ChannelWatermarks(spec, channels, parallel);
            return new LockStepSourceReader(context, elements, boardId, watermarks, input, subtasks);
        }
        return new ScenarioSourceReader(context, elements, boardId, new ChannelWatermarks(spec, channels));
    }
}
