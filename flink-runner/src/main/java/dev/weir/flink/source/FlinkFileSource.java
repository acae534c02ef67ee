package dev.weir.flink.source;

import dev.weir.source.FileSource;
import dev.weir.source.LineParser;
import java.io.Serializable;
import java.nio.charset.Charset;
import java.nio.file.Path;
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
 * A Weir {@link FileSource} as a bounded FLIP-27 source (docs/flink.md, "Sources on Flink"): one
 * split per file; reader {@code r} of {@code p} reads files {@code r, r+p, ...} as Weir's
 * instance {@code r} does, interleaved a batch of lines at a time, with one watermark generator
 * per file; each unfinished file's byte offset and line number are checkpointed, so a job restored
 * from a checkpoint or savepoint resumes mid-file without losing or repeating a line. A bad line
 * fails the job with Weir's message ({@code FILE:LINE: reason}). The files are opened on the task
 * manager by the names given, so they must be readable there. Immutable once built; the parser
 * must be {@code Serializable} (Flink ships the source to its tasks).
 *
 * <pre>{@code
 * env.fromSource(FlinkFileSource.of(FileSource.of(files, parser)), watermarks, "trades");
 * }</pre>
 *
 * @param <T> the record type
 */
public final class FlinkFileSource<T> implements Source<T, FileSplit, List<FileSplit>> {
    private static final long serialVersionUID = 1L;

    private final ArrayList<String> files;
    private final LineParser<T> parser;
    private final String charset;
    private final int batchSize;
    private final int maxLineBytes;

    private FlinkFileSource(final ArrayList<String> files, final LineParser<T> parser, final String charset, final int batchSize,
            final int maxLineBytes) {
        this.files = files;
        this.parser = parser;
        this.charset = charset;
        this.batchSize = batchSize;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * @param source Weir's source: its files, parser, charset, batch size and longest line
     * @param <T> the record type
     * @return the same source for Flink
     * @throws IllegalArgumentException if the parser is not {@code Serializable}
     */
    public static <T> FlinkFileSource<T> of(final FileSource<T> source) {
        if (!(source.parser() instanceof Serializable)) {
            throw new IllegalArgumentException("the line parser must be Serializable to be shipped to Flink's tasks");
        }
        final ArrayList<String> names = new ArrayList<>(source.files().size());
        for (final Path file : source.files()) {
            names.add(file.toString());
        }
        return new FlinkFileSource<>(names, source.parser(), source.charset().name(), source.batchSize(), source.maxLineBytes());
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<FileSplit, List<FileSplit>> createEnumerator(final SplitEnumeratorContext<FileSplit> context) {
        final List<FileSplit> splits = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            splits.add(new FileSplit(i, files.get(i), 0, 0));
        }
        return new InstanceSplitEnumerator<>(context, splits);
    }

    @Override
    public SplitEnumerator<FileSplit, List<FileSplit>> restoreEnumerator(final SplitEnumeratorContext<FileSplit> context,
            final List<FileSplit> pending) {
        return new InstanceSplitEnumerator<>(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<FileSplit> getSplitSerializer() {
        return new FileSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<List<FileSplit>> getEnumeratorCheckpointSerializer() {
        return new SplitListSerializer<>(new FileSplitSerializer());
    }

    @Override
    public SourceReader<T, FileSplit> createReader(final SourceReaderContext context) {
        return new FileSplitReader<>(context, parser, Charset.forName(charset), batchSize, maxLineBytes);
    }
}
