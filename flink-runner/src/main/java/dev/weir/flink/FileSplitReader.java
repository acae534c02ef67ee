package dev.weir.flink;

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
 * watermark back. A line the parser rejects fails the job with Weir's {@link SourceParseException}
 * (file, line, reason). Checkpoints record each unfinished file at its next unread line. Runs on
 * its source task's thread only.
 *
 * @param <T> the record type
 */
final class FileSplitReader<T> implements SourceReader<T, FileSplit> {
    private final SourceReaderContext context;
    private final LineParser<T> parser;
    private final Charset charset;
    private final int batchSize;
    private final int maxLineBytes;
    private final List<OpenFileSplit<T>> files = new ArrayList<>();
    private final StringBuilder line = new StringBuilder(256);
    private CompletableFuture<Void> available = new CompletableFuture<>();
    private boolean noMoreSplits;
    private int finishedFiles;
    private int nextFile;

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
        for (final OpenFileSplit<T> file : files) {
            if (file.output() == null) {
                file.output(output.createOutputForSplit(file.splitId()));
            }
        }
        if (finishedFiles == files.size()) {
            return noMoreSplits ? InputStatus.END_OF_INPUT : nothingAvailable();
        }
        final int index = nextReadableFile();
        if (index < 0) {
            return nothingAvailable(); // every unfinished file is paused for alignment
        }
        final OpenFileSplit<T> file = files.get(index);
        for (int n = 0; n < batchSize; n++) {
            if (!file.next(line, charset, maxLineBytes)) {
                file.finish();
                finishedFiles++;
                output.releaseOutputForSplit(file.splitId());
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
        nextFile = index + 1 == files.size() ? 0 : index + 1;
        return finishedFiles == files.size() && noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
    }

    private int nextReadableFile() {
        for (int i = 0; i < files.size(); i++) {
            final int index = (nextFile + i) % files.size();
            if (!files.get(index).finished() && !files.get(index).paused()) {
                return index;
            }
        }
        return -1;
    }

    private InputStatus nothingAvailable() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    @Override
    public List<FileSplit> snapshotState(final long checkpointId) {
        final List<FileSplit> state = new ArrayList<>(files.size());
        for (final OpenFileSplit<T> file : files) {
            if (!file.finished()) {
                state.add(file.position());
            }
        }
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(final List<FileSplit> splits) {
        for (final FileSplit split : splits) {
            files.add(new OpenFileSplit<>(split));
        }
        wake();
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        wake();
    }

    @Override
    public void pauseOrResumeSplits(final Collection<String> toPause, final Collection<String> toResume) {
        for (final OpenFileSplit<T> file : files) {
            if (toPause.contains(file.splitId())) {
                file.paused(true);
            } else if (toResume.contains(file.splitId())) {
                file.paused(false);
            }
        }
        wake();
    }

    private void wake() {
        available.complete(null);
        available = CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() throws IOException {
        for (final OpenFileSplit<T> file : files) {
            file.close();
        }
    }
}
