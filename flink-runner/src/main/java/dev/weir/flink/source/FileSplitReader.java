package dev.weir.flink.source;

import dev.weir.source.LineParser;
import dev.weir.source.SourceParseException;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * Reads the files a {@link FlinkFileSource} assigned to this reader as Weir's
 * {@code FileSourceReader} reads an instance's files: each file is a split with its own output
 * ({@code ReaderOutput.createOutputForSplit}), so Flink runs one watermark generator per file and
 * the reader emits the minimum; every split's output is created before the first record; a batch
 * of lines per {@link #pollNext} from one file, round-robin over the files neither finished nor
 * paused (watermark alignment); a finished file releases its output, so it stops holding the
 * watermark back ({@link ReaderSplits}). A line the parser rejects fails the job with Weir's
 * {@link SourceParseException} (file, line, reason). Checkpoints record each unfinished file at
 * its next unread line. Runs on its source task's thread only.
 *
 * @param <T> the record type
 */
final class FileSplitReader<T> implements SourceReader<T, FileSplit> {
    private final SourceReaderContext context;
    private final LineParser<T> parser;
    private final Charset charset;
    private final int batchSize;
    private final int maxLineBytes;
    private final ReaderSplits<T, OpenFileSplit<T>> files = new ReaderSplits<>();
    private final StringBuilder line = new StringBuilder(256);

    FileSplitReader(final SourceReaderContext context, final LineParser<T> parser, final Charset charset, final int batchSize,
            final int maxLineBytes) {
        this.context = context;
        this.parser = parser;
        this.charset = charset;
        this.batchSize = batchSize;
        this.maxLineBytes = maxLineBytes;
    }

    @Override
    public void start() {
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<T> output) throws IOException {
        files.register(output);
        if (files.allFinished()) {
            return files.afterLastSplit();
        }
        final OpenFileSplit<T> file = files.next();
        if (file == null) {
            return files.nothingAvailable(); // every unfinished file is paused for alignment
        }
        for (int n = 0; n < batchSize; n++) {
            if (!file.next(line, charset, maxLineBytes)) {
                file.finish();
                files.finish(file, output);
                break;
            }
            final T value;
            try {
                value = parser.parse(line);
            } catch (final Exception rejected) {
                throw new SourceParseException(file.path(), file.linesRead(), rejected);
            }
            if (value != null) {
                file.output().collect(value);
            }
        }
        return files.allFinished() ? files.afterLastSplit() : InputStatus.MORE_AVAILABLE;
    }

    @Override
    public List<FileSplit> snapshotState(final long checkpointId) {
        final List<FileSplit> state = new ArrayList<>();
        for (final OpenFileSplit<T> file : files.all()) {
            if (!file.finished()) {
                state.add(file.position());
            }
        }
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return files.available();
    }

    @Override
    public void addSplits(final List<FileSplit> splits) {
        for (final FileSplit split : splits) {
            files.add(new OpenFileSplit<>(split));
        }
    }

    @Override
    public void notifyNoMoreSplits() {
        files.noMoreSplits();
    }

    @Override
    public void pauseOrResumeSplits(final Collection<String> toPause, final Collection<String> toResume) {
        files.pauseOrResume(toPause, toResume);
    }

    @Override
    public void close() throws IOException {
        for (final OpenFileSplit<T> file : files.all()) {
            file.close();
        }
    }
}
