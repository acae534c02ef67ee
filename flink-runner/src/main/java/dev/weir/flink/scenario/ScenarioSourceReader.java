package dev.weir.flink.scenario;

import java.util.List;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import dev.weir.pipelines.record.ScenarioRecord;

/**
 * Emits the rows of the scenario's split, one per {@link #pollNext} call, in file order. Before a
 * row, the periodic emissions due by its processing time run ({@link ChannelWatermarks}); then a
 * record goes out with its event time as the record's timestamp and on to its channel's
 * generator, a {@code W}, {@code I} or {@code A} row to its channel's watermark output, an
 * {@code E} row ends its channel with MAX. The channels' watermarks reach the reader's output
 * combined by Flink's multiplexer; the output, as every Flink source output, forwards only rising
 * watermarks. Once every channel has ended, and the enumerator has said that no split follows, the
 * input ends; if a channel never ends, the reader tells the
 * run's {@link LineBoard} after the last row and waits for good. Runs on its source task's thread
 * only.
 */
final class ScenarioSourceReader extends SingleSplitReader {
    private final List<ScenarioElement> elements;
    private final String boardId;
    private final ChannelWatermarks watermarks;

    ScenarioSourceReader(final SourceReaderContext context, final List<ScenarioElement> elements, final String boardId,
            final ChannelWatermarks watermarks) {
        super(context);
        this.elements = elements;
        this.boardId = boardId;
        this.watermarks = watermarks;
    }

    @Override
    InputStatus pollSplit(final ReaderOutput<ScenarioRecord> output) {
        watermarks.emitTo(output);
        if (position() == elements.size()) {
            if (watermarks.allEnded()) {
                if (noMoreSplits()) {
                    return InputStatus.END_OF_INPUT;
                }
                // the enumerator's last event (no more splits) must find the task running, or Flink fails the job
                pause();
                return InputStatus.NOTHING_AVAILABLE;
            }
            // a channel without an E row: everything is emitted, and time does not end; the run stops the job
            if (pause()) {
                LineBoard.of(boardId).allRowsEmitted();
            }
            return InputStatus.NOTHING_AVAILABLE;
        }
        final ScenarioElement element = elements.get(position());
        advance();
        watermarks.advanceTo(element.at());
        emit(element, output, watermarks);
        return InputStatus.MORE_AVAILABLE;
    }
}
