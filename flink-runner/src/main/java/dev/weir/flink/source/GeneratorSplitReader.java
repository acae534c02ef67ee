package dev.weir.flink.source;

import dev.weir.clock.NanoClock;
import dev.weir.source.RecordGenerator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;

/**
 * Emits the shares of a {@link FlinkGeneratorSource} assigned to this reader (one, when the
 * source runs at the parallelism it was started with) as Weir's generator instances emit them:
 * each record at its due time on the fixed-rate schedule, at most a batch per {@link #pollNext},
 * each share through its own split output (one watermark generator per share, released at its
 * end; {@link ReaderSplits}). While nothing is due the reader sleeps until the next due time (at
 * most 10 ms, so a clock other than the JVM's is asked again). Checkpoints record each unfinished
 * share's next sequence number. Runs on its source task's thread; only a wake-up completes on
 * another.
 *
 * @param <T> the record type
 */
final class GeneratorSplitReader<T> implements SourceReader<T, GeneratorSplit> {
    private final SourceReaderContext context;
    private final RecordGenerator<T> generator;
    private final NanoClock clock;
    private final long count;
    private final long recordsPerSecond;
    private final int batchSize;
    private final ReaderSplits<T, GeneratorShare<T>> shares = new ReaderSplits<>();

    GeneratorSplitReader(final SourceReaderContext context, final RecordGenerator<T> generator, final NanoClock clock, final long count,
            final long recordsPerSecond, final int batchSize) {
        this.context = context;
        this.generator = generator;
        this.clock = clock;
        this.count = count;
        this.recordsPerSecond = recordsPerSecond;
        this.batchSize = batchSize;
    }

    @Override
    public void start() {
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(final ReaderOutput<T> output) {
        shares.register(output);
        if (shares.allFinished()) {
            return shares.afterLastSplit();
        }
        final GeneratorShare<T> share = shares.next();
        if (share == null) {
            return shares.nothingAvailable(); // every unfinished share is paused for alignment
        }
        final long now = clock.nanos();
        share.emitDue(now, batchSize, generator);
        if (share.finished()) {
            shares.finish(share, output);
        }
        if (shares.allFinished()) {
            return shares.afterLastSplit();
        }
        long wait = Long.MAX_VALUE;
        for (final GeneratorShare<T> unfinished : shares.all()) {
            if (!unfinished.finished() && !unfinished.paused()) {
                wait = Math.min(wait, unfinished.nanosUntilNext(now));
            }
        }
        if (wait == Long.MAX_VALUE) {
            return shares.nothingAvailable();
        }
        return wait <= 0 ? InputStatus.MORE_AVAILABLE : shares.nothingAvailableFor(wait);
    }

    @Override
    public List<GeneratorSplit> snapshotState(final long checkpointId) {
        final List<GeneratorSplit> state = new ArrayList<>();
        for (final GeneratorShare<T> share : shares.all()) {
            if (!share.finished()) {
                state.add(share.position());
            }
        }
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return shares.available();
    }

    @Override
    public void addSplits(final List<GeneratorSplit> splits) {
        for (final GeneratorSplit split : splits) {
            shares.add(new GeneratorShare<>(split, count, recordsPerSecond));
        }
    }

    @Override
    public void notifyNoMoreSplits() {
        shares.noMoreSplits();
    }

    @Override
    public void pauseOrResumeSplits(final Collection<String> toPause, final Collection<String> toResume) {
        shares.pauseOrResume(toPause, toResume);
    }

    @Override
    public void close() {
    }
}
