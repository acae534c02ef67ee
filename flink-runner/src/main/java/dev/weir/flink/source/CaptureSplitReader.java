package dev.weir.flink.source;

import dev.weir.pipelines.replay.CaptureFiles;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SplitOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * Reads the capture split of a {@link FlinkCaptureSource} with the replay's own reader
 * ({@link CaptureFiles}): each event with its event time as the record's timestamp, in file
 * order. The decoder is created here, on the task. After a restore the files are decoded again
 * from the start, so that a stateful decoder sees every datagram, and the events already emitted
 * before the checkpoint are passed over. Warnings go to the task's standard error. Runs on its
 * source task's thread only.
 *
 * @param <E> the event type
 */
final class CaptureSplitReader<E> implements SourceReader<E, CaptureSplit>, SourceOutput<E> {
    private final SourceReaderContext context;
    private final List<Path> files;
    private final CaptureDecoders<E> decoders;
    private final int eventPoolSize;
    private final ReaderAvailability availability = new ReaderAvailability();
    private dev.weir.source.SourceReader<E> capture;
    private ReaderOutput<E> output;
    private long emitted;
    private long toPass;
    private boolean ended;
    private boolean noMoreSplits;

    CaptureSplitReader(final SourceReaderContext context, final List<Path> files, final CaptureDecoders<E> decoders,
            final int eventPoolSize) {
        this.context = context;
        this.files = files;
        this.decoders = decoders;
        this.eventPoolSize = eventPoolSize;
    }

    @Override
    public void start() {
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<E> readerOutput) throws Exception {
        if (capture == null || ended) {
            return noMoreSplits ? InputStatus.END_OF_INPUT : availability.nothingAvailable();
        }
        output = readerOutput;
        if (capture.read(this) == ReadStatus.END) {
            ended = true;
            capture.close();
            return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
        }
        // without a pace every packet is due: a read that found nothing is followed by one that does
        return InputStatus.MORE_AVAILABLE;
    }

    @Override
    public void emit(final E value) {
        throw new IllegalStateException("a capture's events carry their event time");
    }

    @Override
    public void emit(final E value, final long timestamp) {
        if (toPass > 0) {
            toPass--;
            return;
        }
        emitted++;
        output.collect(value, timestamp);
    }

    @Override
    public SplitOutput<E> split(final int splitIndex) {
        throw new IllegalStateException("a capture is one sequence, not splits");
    }

    @Override
    public List<CaptureSplit> snapshotState(final long checkpointId) {
        return capture == null || ended ? List.of() : List.of(new CaptureSplit(emitted));
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return availability.future();
    }

    @Override
    public void addSplits(final List<CaptureSplit> splits) {
        final CaptureSplit split = splits.get(0);
        emitted = split.emitted();
        toPass = split.emitted();
        final ReplayContext replay = new ReplayContext(System.err::println, eventPoolSize);
        capture = CaptureFiles.reader(files, decoders.create(replay), replay.warnings());
        availability.wake();
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        availability.wake();
    }


    @Override
    public void close() throws IOException {
        if (capture != null) {
            capture.close();
        }
    }
}
